/**
 * The performance benchmark: `npm run bench`. Prints figures with their goals; asserts nothing.
 * Everything runs on this machine over loopback, each part in its own process: the product
 * (the compiled server, as `npm start` runs it), the load generator, and each baseline.
 * BENCH_ONLY=cached,rendered,admin,bytes,lighthouse,chat,postgres,search,campaign,scale (or
 * --only=…) runs some sections. BENCH_SCALE=10 adds the goals at ten times the data beside
 * scale 1 (bench/scale.ts); with --only=scale it runs that section alone.
 * The cached section loads node:http and the product in turns, BENCH_ROUNDS (2) runs each, and
 * prints each server process's CPU per response beside its throughput (decision 710).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { seedAdminLists } from "./admin-lists";
import {
  type Baseline,
  nginxVersion,
  savePage,
  savePlainPage,
  startNginx,
  startNodeBaseline,
} from "./baselines";
import { measureChatDelivery } from "./chat-delivery";
import { MARGIN_SLOWDOWN, runLighthouse } from "./lighthouse";
import {
  type AlternatedResult,
  alternate,
  BROWSER_ACCEPT_ENCODING,
  describeLoad,
  type LoadResult,
  load,
  loadSettings,
  median,
  WARM_UP_SECONDS,
  warmUp,
} from "./load";
import { freshPageCostUs } from "./machine";
import {
  BENCH_STAFF,
  cpuMs,
  memoryParts,
  type Product,
  peakResidentMb,
  residentMb,
  signIn,
  startProduct,
} from "./product";
import { scaleSection } from "./scale";
import { firstLoadBytes, timeAdminLists } from "./signed-in";

const root = path.resolve(import.meta.dirname, "..");
const onlyArg = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const only = new Set((onlyArg ?? process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));
// "throughput" is the older name of the cached section.
const runs = (section: string) =>
  only.size === 0 || only.has(section) || (section === "cached" && only.has("throughput"));
const RENDERED_CONNECTIONS = 10;
const PLAIN_PAGE = "plain text, node:http (the floor)";

const out = (text: string) => process.stdout.write(`${text}\n`);
const line = (label: string, value: string) => out(`  ${label.padEnd(44)} ${value}`);
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const figures = (result: LoadResult) =>
  `${result.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(result.p50)} ms  p99 ${ms(result.p99)} ms  ${(result.bytesPerResponse / 1024).toFixed(1)} KB/resp${result.errors ? `  ERRORS ${result.errors}` : ""}`;
/** Starts of the product on existing data that the cold-start figure is the median of. */
const COLD_STARTS = 3;
const verdict = (isMet: boolean, miss: string) => (isMet ? "met" : `MISSED (${miss})`);

function printHeader() {
  const cpu = cpus();
  out(`Frontier benchmark, ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC`);
  line(
    "machine",
    `${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB`,
  );
  line(
    "load average before the run",
    loadavg()
      .map((value) => value.toFixed(2))
      .join(" "),
  );
  line(
    "fresh memory (first write to a new page)",
    `${freshPageCostUs().toFixed(2)} us per 4 KB page, read in a process of its own (most hardware: a few tenths)`,
  );
  line("Node", process.version);
  line("load generator", describeLoad());
  line("nginx", nginxVersion() ?? "not installed (nginx baseline skipped)");
}

/** Staff account (for signed-in figures) and, when timed, the admin lists' 12,000 rows. */
async function prepareData(options: { dataDir?: string; databaseUrl?: string }) {
  const database = await openDatabase(options);
  try {
    await createStaffUser({ db: database.db }, { ...BENCH_STAFF, role: "admin" });
    if (runs("admin") && !options.databaseUrl) await seedAdminLists(database.db);
  } finally {
    await database.close();
  }
}

async function findPages(product: Product) {
  const firstLink = async (list: string, pattern: RegExp) =>
    (await (await fetch(`${product.url}${list}`)).text()).match(pattern)?.[1] ?? list;
  return {
    insight: await firstLink("/insights", /href="(\/insights\/[a-z0-9-]+)"/),
    caseStudy: await firstLink("/case-studies", /href="(\/case-studies\/[a-z0-9-]+)"/),
  };
}

async function measureBaseline(start: (dir: string) => Promise<Baseline | undefined>, dir: string) {
  const baseline = await start(dir);
  if (!baseline) return undefined;
  try {
    return {
      identity: await load(baseline.url),
      gzip: await load(baseline.url, { "Accept-Encoding": "gzip" }),
    };
  } finally {
    await baseline.stop();
  }
}

async function cachedSection(product: Product, pages: Array<[string, string]>) {
  out(
    `\nCached pages, ${loadSettings.connections} connections (goals: >= 0.8x node:http, p99 < 20 ms)`,
  );
  out(
    "  node:http and the page cache load in turns (node, Frontier, Frontier, node, ...); CPU: the server process's own, per response",
  );
  for (const [label, pagePath] of pages) {
    const url = `${product.url}${pagePath}`;
    await fetch(url);
    const hit = await fetch(url);
    if (hit.headers.get("x-page-cache") !== "hit") throw new Error(`${pagePath} is not cached`);
    const saved = await savePage(url);
    const nginx = await measureBaseline(startNginx, saved.dir);
    const sameHeaders = await measureBaseline(
      (dir) => startNodeBaseline(dir, { sameHeaders: true }),
      saved.dir,
    );
    const baseline = await startNodeBaseline(saved.dir);
    const measured: Record<"identity" | "gzip", [AlternatedResult, AlternatedResult]> = {
      identity: await alternate(baseline, { url, pid: product.pid }),
      gzip: await alternate(baseline, { url, pid: product.pid }, { "Accept-Encoding": "gzip" }),
    };
    await baseline.stop();
    rmSync(saved.dir, { recursive: true, force: true });
    out(`  ${label} (${pagePath}): ${saved.identity} bytes, ${saved.gzip} gzip`);
    for (const encoding of ["identity", "gzip"] as const) {
      const [ceiling, ours] = measured[encoding];
      line(`    ${encoding}  node:http`, `${figures(ceiling)}${cpu(ceiling)}`);
      if (nginx)
        line(
          `    ${encoding}  nginx (gzip_static)`,
          `${figures(nginx[encoding])}  ${(nginx[encoding].rps / ceiling.rps).toFixed(2)}x node`,
        );
      else line(`    ${encoding}  nginx`, "not installed");
      if (sameHeaders)
        line(
          `    ${encoding}  node:http, same headers`,
          `${figures(sameHeaders[encoding])}  ${(sameHeaders[encoding].rps / ceiling.rps).toFixed(2)}x node (the page cache's ${saved.headers[encoding]} headers)`,
        );
      const ratio = ours.rps / ceiling.rps;
      const cpuRatio =
        ours.cpuUsPerResponse && ceiling.cpuUsPerResponse
          ? `, CPU ${(ours.cpuUsPerResponse / ceiling.cpuUsPerResponse).toFixed(2)}x node's`
          : "";
      line(
        `    ${encoding}  Frontier page cache`,
        `${figures(ours)}${cpu(ours)}  ${ratio.toFixed(2)}x node${sameHeaders ? `, ${(ours.rps / sameHeaders[encoding].rps).toFixed(2)}x same headers` : ""}${nginx ? `, ${(ours.rps / nginx[encoding].rps).toFixed(2)}x nginx` : ""}${cpuRatio}`,
      );
      line(
        `    ${encoding}  goal`,
        `${verdict(ratio >= 0.8, `${ratio.toFixed(2)}x < 0.8x`)}, p99 ${verdict(ours.p99 < 20, `${ms(ours.p99)} ms >= 20 ms`)}`,
      );
    }
  }
}

const cpu = (result: AlternatedResult) =>
  result.cpuUsPerResponse === undefined
    ? ""
    : `  CPU ${result.cpuUsPerResponse.toFixed(1)} us/resp`;

/**
 * A page as a signed-in browser gets it (rendered, never cached), after the warm-up: its load
 * figures and the server's CPU a page during the measured run.
 */
async function loadRendered(product: Product, url: string, cookie: string) {
  const headers = { Cookie: cookie, "Accept-Encoding": BROWSER_ACCEPT_ENCODING };
  const settings = { ...loadSettings, connections: RENDERED_CONNECTIONS };
  await warmUp(url, headers, settings);
  const cpuBefore = cpuMs(product.pid);
  const result = await load(url, headers, settings);
  return { result, perPage: (cpuMs(product.pid) - cpuBefore) / (result.rps * settings.durationS) };
}

async function renderedSection(product: Product, pages: Array<[string, string, number]>) {
  out(
    `\nRendered pages as a signed-in staff member (no cache answers), ${RENDERED_CONNECTIONS} connections, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} (as Chromium)`,
  );
  out(
    `  each page first loaded ${WARM_UP_SECONDS} s unmeasured (the JIT's warm-up), then measured`,
  );
  const cookie = await signIn(product.url);
  for (const [label, pagePath, goal] of pages) {
    const url = `${product.url}${pagePath}`;
    const check = await fetch(url, { headers: { Cookie: cookie } });
    if (check.status !== 200 || check.headers.get("x-page-cache"))
      throw new Error(
        `${pagePath} signed in: ${check.status} ${check.headers.get("x-page-cache")}`,
      );
    await check.arrayBuffer();
    const { result, perPage } = await loadRendered(product, url, cookie);
    line(`  ${label} (goal >= ${goal} req/s)`, figures(result));
    line(
      "    server CPU a page",
      `${perPage.toFixed(1)} ms (${(1000 / perPage).toFixed(0)} pages/s a core if nothing else ran)`,
    );
    line("    goal", verdict(result.rps >= goal, `${(result.rps / goal).toFixed(2)}x of the goal`));
  }
}

/** How long the memory section waits, idle, before reading the resident set again. */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 30);

async function memorySection(product: Product, label: string, goalMb: number) {
  const rss = residentMb(product.pid);
  line(
    `${label} (goal <= ${goalMb} MB)`,
    `${rss.toFixed(0)} MB  ${verdict(rss <= goalMb, `${(rss - goalMb).toFixed(0)} MB over, ${(rss / goalMb).toFixed(2)}x`)}`,
  );
  line("    peak since start (VmHWM)", `${peakResidentMb(product.pid).toFixed(0)} MB`);
  const report = await product.memoryReport();
  line(
    "    V8 heap growth",
    report.heapGrowingPercent === null
      ? "the operator's own --heap-growing-percent"
      : `${report.heapGrowingPercent} % past what the last full collection kept`,
  );
  describeMemory(report);
  // V8 gives the heap's garbage back on its own once allocation stops (its memory reducer).
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  const settled = residentMb(product.pid);
  line(
    `    ${SETTLE_SECONDS} s later, idle`,
    `${settled.toFixed(0)} MB  ${settled <= goalMb ? "within" : "over"} the goal at rest`,
  );
  describeMemory(await product.memoryReport());
}

function describeMemory(report: Record<string, unknown>) {
  for (const [label, value] of memoryParts(report)) line(label, value);
}

async function onPostgres(pages: Array<[string, string, number]>) {
  const database = await createTempPostgresDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-bench-pg-"));
  try {
    const first = await startProduct({ dataDir, databaseUrl: database.url });
    await first.stop();
    await prepareData({ databaseUrl: database.url });
    const product = await startProduct({ dataDir, databaseUrl: database.url });
    try {
      out(
        `\nThe same product on PostgreSQL, after the same load (cached gzip; rendered as Chromium asks, after ${WARM_UP_SECONDS} s unmeasured)`,
      );
      const cookie = await signIn(product.url);
      for (const [label, pagePath] of pages) {
        const url = `${product.url}${pagePath}`;
        await fetch(url);
        const cached = await load(url, { "Accept-Encoding": "gzip" });
        await load(url);
        const { result: rendered } = await loadRendered(product, url, cookie);
        line(`  ${label} cached gzip`, figures(cached));
        line(`  ${label} rendered, signed in`, figures(rendered));
      }
      await memorySection(product, "resident memory, PostgreSQL", 250);
    } finally {
      await product.stop();
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  printHeader();
  execFileSync(process.execPath, [path.join(root, "scripts/ensure-build.mjs")], {
    stdio: "inherit",
  });

  const benchScale = Number(process.env.BENCH_SCALE ?? 0);
  if (only.size === 1 && only.has("scale")) {
    await scaleSection(out, benchScale || 10);
    return;
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-bench-"));
  const first = await startProduct({ dataDir });
  await first.stop();
  await prepareData({ dataDir });
  // What the bench wrote reaches the disk before a start is timed, as on a real restart
  // (the kernel would otherwise write it back during the first timed start).
  execFileSync("sync");
  // A start is one sample of a noisy figure: three, each a new process on the same data; the
  // last one serves the rest of the bench.
  const coldStarts: number[] = [];
  let product = await startProduct({ dataDir });
  coldStarts.push(product.readyMs);
  while (coldStarts.length < COLD_STARTS) {
    await product.stop();
    product = await startProduct({ dataDir });
    coldStarts.push(product.readyMs);
  }
  const coldStart = median(coldStarts);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  out("\nStart-up (goal: cold start under 3 s)");
  line("first start (migrations + demo content)", seconds(first.readyMs));
  line(
    `cold start on existing data -> first page (median of ${COLD_STARTS})`,
    `${seconds(coldStart)}  ${verdict(coldStart < 3000, seconds(coldStart))}`,
  );
  line("    each start", coldStarts.map(seconds).join(", "));

  const { insight, caseStudy } = await findPages(product);
  const pages: Array<[string, string, number]> = [
    ["Home", "/", 400],
    ["FAQ", "/faq", 400],
    ["an insight", insight, 300],
    ["case-studies list", "/case-studies", 300],
  ];
  try {
    if (runs("cached"))
      await cachedSection(
        product,
        pages.map(([label, pagePath]) => [label, pagePath]),
      );
    if (runs("rendered")) await renderedSection(product, pages);
    out("\nResident memory after the load");
    await memorySection(product, "resident memory, embedded database", 350);
    if (runs("admin")) await timeAdminLists(product, out);
    if (runs("bytes")) await firstLoadBytes(product, { insight, caseStudy }, out);
    if (runs("lighthouse")) await lighthouseSection(product, { insight, caseStudy });
  } finally {
    await product.stop();
  }

  if (runs("chat")) {
    out("\nChat delivery, visitor socket -> staff socket, 200 messages one at a time");
    const chat = await startProduct({ dataDir, env: { TRUST_PROXY: "1" } });
    try {
      const result = await measureChatDelivery(chat.url, await signIn(chat.url));
      line(
        `${result.count} messages`,
        `median ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms, slowest ${ms(result.max)} ms`,
      );
    } finally {
      await chat.stop();
    }
  }
  rmSync(dataDir, { recursive: true, force: true });

  if (runs("postgres") && (runs("cached") || runs("rendered"))) {
    if (process.env.TEST_DATABASE_URL) await onPostgres(pages);
    else out("\nPostgreSQL: skipped (set TEST_DATABASE_URL for the PostgreSQL figures)");
  }

  if (benchScale > 0 && runs("scale")) await scaleSection(out, benchScale);

  // Site search on 10,000 items (goal: under 50 ms); bench/search.ts prints its own figures.
  if (runs("search"))
    execFileSync(process.execPath, ["--import", "tsx", path.join(root, "bench/search.ts")], {
      stdio: "inherit",
      cwd: root,
    });
  // A campaign to 100,000 subscribers (goal: 300 mails/s, memory growing < 50 MB); bench/campaign.ts.
  if (runs("campaign"))
    execFileSync(process.execPath, ["--import", "tsx", path.join(root, "bench/campaign.ts")], {
      stdio: "inherit",
      cwd: root,
    });
  out("");
  line(
    "load average after the run",
    `${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} (other work on the machine lowers every figure)`,
  );
}

async function lighthouseSection(product: Product, { insight, caseStudy }: Record<string, string>) {
  out("\nLighthouse (goals: Performance 95+, Accessibility, Best Practices and SEO 100)");
  // The machine's floor, in a process of its own: a page that asks nothing of the browser.
  const plainDir = savePlainPage();
  const plain = await startNodeBaseline(plainDir, { rootOnly: true });
  const report = await runLighthouse([
    [PLAIN_PAGE, `${plain.url}/`],
    ["Home", `${product.url}/`],
    ["an insight", `${product.url}${insight}`],
    ["a case study", `${product.url}${caseStudy}`],
    ["Contact", `${product.url}/contact`],
    ["FAQ", `${product.url}/faq`],
  ]).finally(async () => {
    await plain.stop();
    rmSync(plainDir, { recursive: true, force: true });
  });
  if (!report) return line("skipped", "no Chromium at /usr/bin/chromium");
  line(
    "Lighthouse",
    `${report.version}, median of ${report.runs} runs per page, the pages in turns (one Chromium for all), default settings`,
  );
  line("settings", report.settings);
  line("machine's benchmark index", `${report.benchmarkIndex}`);
  for (const page of report.pages) {
    const { scores, metricsMs } = page;
    // The floor has no goal: it shows the machine, not the product.
    const goal =
      page.label === PLAIN_PAGE
        ? ""
        : `  ${verdict(
            scores.performance >= 95 &&
              scores.accessibility === 100 &&
              scores["best-practices"] === 100 &&
              scores.seo === 100,
            "below the goal",
          )}`;
    line(
      page.label,
      `Perf ${scores.performance}  A11y ${scores.accessibility}  BP ${scores["best-practices"]}  SEO ${scores.seo}  TBT ${metricsMs.TBT.toFixed(0)} ms  LCP ${(metricsMs.LCP / 1000).toFixed(2)} s  FCP ${(metricsMs.FCP / 1000).toFixed(2)} s${goal}`,
    );
    // The runs one by one: on a machine whose speed moves, the spread says how far to trust
    // the median.
    line(
      "    each run (benchmark index)",
      page.runs.map((run) => `${run.performance} (${run.benchmarkIndex})`).join(", "),
    );
    if (page.margin)
      line(
        `    at ${MARGIN_SLOWDOWN}x CPU slowdown`,
        `Perf ${page.margin.performance}  TBT ${page.margin.tbtMs.toFixed(0)} ms, each run ${page.margin.runs.join(", ")} (no goal: the margin a slower minute has)`,
      );
  }
}

// A bench that stops before its end says so: an await nothing can finish lets the event loop
// empty and Node exit 0 with nothing printed, and an exit from elsewhere is silent too.
let isFinished = false;
process.on("beforeExit", () => {
  if (isFinished) return;
  process.stderr.write(
    "benchmark failed: it stopped with work pending (a promise nothing could settle)\n",
  );
  process.exit(1);
});
process.on("exit", (code) => {
  if (!isFinished && code !== 1)
    process.stderr.write(`benchmark failed: exited with code ${code} before its end\n`);
});
main().then(
  () => {
    isFinished = true;
  },
  (error) => {
    process.stderr.write(`benchmark failed: ${error.stack ?? error}\n`);
    process.exit(1);
  },
);
