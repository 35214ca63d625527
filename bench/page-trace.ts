/**
 * The main thread's work while a public page loads, as Lighthouse counts it: each build's
 * compiled server started in turn on its own data, each page loaded anonymously in a new
 * browser context with the CPU slowed four times (Chromium's own throttling), traced, and
 * the trace read with Lighthouse's own task model. Prints, per build and page, the medians
 * of the runs: main-thread time, script evaluation, parse and compile, garbage collection,
 * style and layout, blocking time (each task's part beyond 50 ms) and the JavaScript heap
 * allocated (what garbage collections freed plus what is alive at the end).
 *   tsx bench/page-trace.ts --builds=name=dir,name=dir --runs=5 [--pages=/,insight,/contact]
 *     [--profile=name] (the functions with the most self time, from V8's sampling profiler)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { MainThreadTasks } from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";
import { type Browser, chromium } from "playwright-core";
import { freePort, stopAtExit } from "./product";

const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const builds = arg("builds", "build=build")
  .split(",")
  .map((pair) => pair.split("=") as [string, string]);
const runs = Number(arg("runs", "5"));
const pagesArg = arg("pages", "/,insight,/contact").split(",");
const profiled = arg("profile", "");
const saveTraces = arg("save", "");
const throttle = Number(arg("cpu", "4"));
/** --network: Lighthouse's mobile connection (150 ms round trip, 1.6 Mbit/s) applied for real. */
const slowNetwork = process.argv.includes("--network");

const CATEGORIES = [
  "-*",
  "disabled-by-default-lighthouse",
  "loading",
  "v8",
  "v8.execute",
  "blink.user_timing",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "disabled-by-default-v8.gc",
];

async function start(buildDir: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, buildDir, "start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  stopAtExit(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 12000; i++) {
    if ((await fetch(url).catch(() => undefined))?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args: {
    data?: ProfileData;
    usedHeapSizeBefore?: number;
    usedHeapSizeAfter?: number;
  };
};

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileData = {
  cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame }>; samples?: number[] };
  timeDeltas?: number[];
};

type Figures = Record<string, number>;

/** Self time per function (name, script, line) from the trace's V8 CPU profile of one thread. */
function profileOf(events: TraceEvent[], pid: number) {
  const self = new Map<string, number>();
  const nodes = new Map<number, { callFrame: CallFrame }>();
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.pid !== pid) continue;
    const data = event.args.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples: number[] = data.cpuProfile?.samples ?? [];
    const deltas: number[] = data.timeDeltas ?? [];
    samples.forEach((id, index) => {
      const frame = nodes.get(id)?.callFrame;
      if (!frame) return;
      const key = `${frame.functionName || "(anonymous)"} ${String(frame.url).replace(/^.*\//, "")}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
    });
  }
  return [...self].sort((a, b) => b[1] - a[1]);
}

/** One traced load; a trace Chromium got wrong (no navigation start, on a busy machine) is taken again. */
async function tracePage(browser: Browser, url: string, profile: boolean) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await traceOnce(browser, url, profile);
    } catch (error) {
      if (attempt === 3) throw error;
      process.stderr.write(`${url}: ${(error as Error).message}, traced again\n`);
    }
  }
}

async function traceOnce(browser: Browser, url: string, profile: boolean) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  let manifestRequests = 0;
  page.on("request", (request) => {
    if (request.url().includes("/__manifest")) manifestRequests++;
  });
  const session = await context.newCDPSession(page);
  await session.send("Performance.enable");
  await session.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  if (slowNetwork)
    await session.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1638.4 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    });
  await browser.startTracing(page, {
    categories: profile ? [...CATEGORIES, "disabled-by-default-v8.cpu_profiler"] : CATEGORIES,
  });
  await page.goto(url, { waitUntil: "load" });
  // Until the network and the main thread are quiet: the page's decorations load when idle.
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1000))),
  );
  const buffer = await browser.stopTracing();
  const { metrics } = await session.send("Performance.getMetrics");
  await context.close();
  const trace = JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] };
  const processed = TraceProcessor.processTrace(trace as never);
  const navigation = TraceProcessor.processNavigation(processed);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  );
  const figures: Figures = {
    mainThread: 0,
    scriptEvaluation: 0,
    scriptParseCompile: 0,
    garbageCollection: 0,
    styleLayout: 0,
    parseHTML: 0,
    blocking: 0,
    longest: 0,
    tasks: 0,
    idleCallbacks: 0,
  };
  const fcp = navigation.timings.firstContentfulPaint;
  for (const task of tasks) {
    figures[task.group.id] = (figures[task.group.id] ?? 0) + task.selfTime;
    if (task.event.name === "FireIdleCallback") figures.idleCallbacks++;
    if (task.parent) continue;
    if (task.duration >= 1) figures.tasks++;
    figures.mainThread += task.duration;
    figures.longest = Math.max(figures.longest, task.duration);
    if (task.startTime >= fcp) figures.blocking += Math.max(0, task.duration - 50);
  }
  figures.script = figures.scriptEvaluation + figures.scriptParseCompile;
  // Allocated: what each collection on the page's main thread freed, plus what is alive at the end.
  const mainPid = processed.mainThreadEvents[0]?.pid;
  const mainTid = processed.mainThreadEvents[0]?.tid;
  let freed = 0;
  for (const event of trace.traceEvents) {
    if (event.pid !== mainPid || event.tid !== mainTid) continue;
    if ((event.name === "MinorGC" || event.name === "MajorGC") && event.ph === "X")
      freed += Math.max(
        0,
        (event.args.usedHeapSizeBefore ?? 0) - (event.args.usedHeapSizeAfter ?? 0),
      );
  }
  const heapUsed = metrics.find((metric) => metric.name === "JSHeapUsedSize")?.value ?? 0;
  figures.heapAtEndKB = heapUsed / 1024;
  figures.allocatedKB = (freed + heapUsed) / 1024;
  figures.fcp = fcp;
  figures.manifestRequests = manifestRequests;
  return {
    figures,
    profile: profile ? profileOf(trace.traceEvents, mainPid) : [],
    trace,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  const results = new Map<string, Figures[]>();
  const profiles = new Map<string, Map<string, number[]>>();
  const dataDirs = builds.map(() => mkdtempSync(path.join(tmpdir(), "frontier-page-trace-")));
  try {
    for (let round = 0; round < runs; round++) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const [name, dir] of order) {
        const server = await start(dir, dataDirs[builds.findIndex(([n]) => n === name)]);
        try {
          let pages = pagesArg;
          if (pages.includes("insight")) {
            const list = await (await fetch(`${server.url}/insights`)).text();
            const insight = list.match(/href="(\/insights\/[a-z0-9-]+)"/)?.[1] ?? "/insights";
            pages = pages.map((page) => (page === "insight" ? insight : page));
          }
          // The page cache filled and the server's code warm, as after the bench's load.
          for (const page of pages)
            for (let i = 0; i < 20; i++) await (await fetch(`${server.url}${page}`)).text();
          const line: string[] = [];
          for (const [index, page] of pages.entries()) {
            const { figures, profile, trace } = await tracePage(
              browser,
              `${server.url}${page}`,
              profiled === name,
            );
            const key = `${name}\t${pagesArg[index]}`;
            results.set(key, [...(results.get(key) ?? []), figures]);
            if (profile.length) {
              const byFunction = profiles.get(key) ?? new Map<string, number[]>();
              for (const [fn, ms] of profile)
                byFunction.set(fn, [...(byFunction.get(fn) ?? []), ms]);
              profiles.set(key, byFunction);
            }
            if (saveTraces)
              writeFileSync(
                path.join(
                  saveTraces,
                  `${name}-${pagesArg[index].replace(/\W+/g, "_")}-${round}.json`,
                ),
                JSON.stringify(trace),
              );
            line.push(
              `${pagesArg[index]} main ${figures.mainThread.toFixed(0)} script ${figures.script.toFixed(0)} blocking ${figures.blocking.toFixed(0)} alloc ${figures.allocatedKB.toFixed(0)}KB`,
            );
          }
          process.stdout.write(
            `run ${round + 1} ${name.padEnd(10)} ${line.join(" | ")} (load ${loadavg()[0].toFixed(2)})\n`,
          );
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await browser.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  const keys = [
    "mainThread",
    "script",
    "scriptEvaluation",
    "scriptParseCompile",
    "garbageCollection",
    "styleLayout",
    "parseHTML",
    "blocking",
    "longest",
    "allocatedKB",
    "heapAtEndKB",
    "fcp",
    "manifestRequests",
    "tasks",
    "idleCallbacks",
  ];
  process.stdout.write(`\nmedians of ${runs} runs, CPU slowed ${throttle}x (ms; KB)\n`);
  process.stdout.write(`${"build\tpage".padEnd(24)} ${keys.map((k) => k.padStart(11)).join("")}\n`);
  for (const [key, list] of results)
    process.stdout.write(
      `${key.padEnd(24)} ${keys
        .map((k) =>
          median(list.map((f) => f[k] ?? 0))
            .toFixed(1)
            .padStart(11),
        )
        .join("")}\n`,
    );
  for (const [key, byFunction] of profiles) {
    process.stdout.write(`\nmost self time, ${key} (median ms of ${runs} runs)\n`);
    const rows = [...byFunction]
      .map(
        ([fn, values]) =>
          [fn, median([...values, ...Array(runs - values.length).fill(0)])] as const,
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40);
    for (const [fn, ms] of rows) process.stdout.write(`  ${ms.toFixed(1).padStart(7)}  ${fn}\n`);
  }
}

await main();
