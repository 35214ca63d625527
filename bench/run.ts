/**
 * The performance benchmark: `npm run bench`. Prints figures; asserts nothing.
 * Everything runs on this machine over loopback, bounded in time.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";

const root = path.resolve(import.meta.dirname, "..");
/** What `npm start` runs: the compiled server (ensure-build makes it first). */
const compiledServer = path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "start.mjs");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
/** BENCH_ONLY=throughput,bytes,lighthouse,admin,search runs only those sections (all by default). */
const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));
const runs = (section: string) => only.size === 0 || only.has(section);

type Server = { url: string; pid: number; stop(): Promise<void> };

function line(label: string, value: string) {
  process.stdout.write(`  ${label.padEnd(46)} ${value}\n`);
}

/** Starts the built product; resolves when the first page is served, with the time it took. */
async function startProduct(
  dataDir: string,
  databaseUrl = "",
): Promise<{ server: Server; readyMs: number }> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [compiledServer], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  // LOG_LEVEL=warn hides the ready line: poll the port from /proc instead of parsing logs.
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 120 s:\n${output}`)), 120_000);
    const poll = setInterval(() => {
      const found = listeningPort(child.pid!);
      if (found) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(found);
      }
    }, 20);
    child.once("exit", (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  while ((await fetch(url).catch(() => undefined))?.status !== 200)
    await new Promise((r) => setTimeout(r, 20));
  const readyMs = performance.now() - startedAt;
  return {
    readyMs,
    server: {
      url,
      pid: child.pid!,
      stop: () =>
        new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    },
  };
}

/** The TCP port a process listens on, read from /proc (Linux). */
function listeningPort(pid: number): number | undefined {
  try {
    const inodes = new Set<string>();
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const match = readlinkSync(`/proc/${pid}/fd/${fd}`).match(/socket:\[(\d+)\]/);
        if (match) inodes.add(match[1]);
      } catch {
        // closed meanwhile
      }
    }
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      for (const row of readFileSync(table, "utf8").split("\n").slice(1)) {
        const cols = row.trim().split(/\s+/);
        if (cols[3] === "0A" && inodes.has(cols[9]))
          return Number.parseInt(cols[1].split(":").pop()!, 16);
      }
    }
  } catch {
    // not there yet
  }
  return undefined;
}

function residentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A bare Node http server answering every request with the same bytes. */
async function staticBaseline(body: Buffer) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The bytes a browser that accepts gzip receives for a URL (the body as sent). */
function bytesSent(url: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
        let total = 0;
        response.on("data", (chunk: Buffer) => {
          total += chunk.length;
        });
        response.on("end", () => resolve(total));
      })
      .on("error", reject);
  });
}

async function firstLoadBytes(base: string, pagePath: string) {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const js = new Set<string>();
  const css = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    js.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(match[1]);
  for (const match of html.matchAll(/import(?:\(| \* as \w+ from )"([^"]+\.js)"/g))
    js.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g))
    css.add(match[1]);
  const sent = async (urls: Set<string>) => {
    let total = 0;
    for (const url of urls) total += await bytesSent(new URL(url, base).href);
    return total;
  };
  return { js: await sent(js), css: await sent(css), html: await bytesSent(`${base}${pagePath}`) };
}

async function lighthouseScores(urls: Array<[string, string]>) {
  const chromePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((candidate) =>
    existsSync(candidate),
  );
  if (!chromePath) return undefined;
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  const results: Array<[string, Record<string, number>]> = [];
  try {
    for (const [label, url] of urls) {
      const runner = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
      });
      const categories = runner?.lhr.categories ?? {};
      results.push([
        label,
        Object.fromEntries(
          Object.entries(categories).map(([key, value]) => [
            key,
            Math.round((value.score ?? 0) * 100),
          ]),
        ),
      ]);
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

async function main() {
  process.stdout.write("Frontier benchmark\n");
  execFileSync(process.execPath, [path.join(root, "scripts/ensure-build.mjs")], {
    stdio: "inherit",
  });

  const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-bench-"));
  const first = await startProduct(dataDir);
  await first.server.stop();
  const { server, readyMs } = await startProduct(dataDir);

  process.stdout.write("\nStart-up (goal: under 3 s)\n");
  line("first start (migrations + demo content)", `${(first.readyMs / 1000).toFixed(2)} s`);
  line("cold start on existing data -> first page", `${(readyMs / 1000).toFixed(2)} s`);

  const listHtml = await (await fetch(`${server.url}/insights`)).text();
  const insight = listHtml.match(/href="(\/insights\/[a-z0-9-]+)"/)?.[1] ?? "/insights";
  const caseList = await (await fetch(`${server.url}/case-studies`)).text();
  const caseStudy = caseList.match(/href="(\/case-studies\/[a-z0-9-]+)"/)?.[1] ?? "/case-studies";
  const pages: Array<[string, string]> = [
    ["Home", "/"],
    ["an insight", insight],
    ["case-studies list", "/case-studies"],
  ];

  process.stdout.write(
    `\nThroughput, ${CONNECTIONS} connections for ${DURATION_S} s (goals: cached >= 0.5x static, p99 < 50 ms)\n`,
  );
  for (const [label, pagePath] of runs("throughput") ? pages : []) {
    const url = `${server.url}${pagePath}`;
    await fetch(url);
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    const baseline = await staticBaseline(body);
    const staticRun = await load(baseline.url);
    await baseline.close();
    const cached = await load(url);
    const bypassed = await load(url, { Cookie: "bench=bypass-cache" });
    process.stdout.write(`  ${label} (${pagePath})\n`);
    const row = (name: string, run: Awaited<ReturnType<typeof load>>) =>
      line(
        `    ${name}`,
        `${run.rps.toFixed(0)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  errors ${run.errors}`,
      );
    row("static baseline (bare node http)", staticRun);
    row("from the page cache", cached);
    row("cache bypassed (rendered)", bypassed);
    line("    cached / static", `${(cached.rps / staticRun.rps).toFixed(2)}x`);
  }

  process.stdout.write("\nMemory after the load (goal: under 300 MB)\n");
  line("resident set size, embedded database", `${residentMb(server.pid).toFixed(0)} MB`);
  if (runs("throughput") && process.env.TEST_DATABASE_URL) {
    // The same product on PostgreSQL (no embedded engine), after the same kind of load.
    const database = await createTempPostgresDatabase();
    const pgDataDir = mkdtempSync(path.join(tmpdir(), "frontier-bench-pg-"));
    const onPostgres = await startProduct(pgDataDir, database.url);
    try {
      for (const [, pagePath] of pages) {
        await load(`${onPostgres.server.url}${pagePath}`);
        await load(`${onPostgres.server.url}${pagePath}`, { Cookie: "bench=bypass-cache" });
      }
      line(
        "resident set size, on PostgreSQL",
        `${residentMb(onPostgres.server.pid).toFixed(0)} MB`,
      );
    } finally {
      await onPostgres.server.stop();
      await database.drop();
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }

  process.stdout.write("\nFirst-load bytes as sent with gzip (goal: Home JavaScript <= 120 KB)\n");
  const publicPages = [
    "/",
    "/about-us",
    "/services",
    "/services/scalable-web-platforms",
    "/case-studies",
    caseStudy,
    "/insights",
    insight,
    "/podcasts",
    "/faq",
    "/pricing",
    "/contact",
    "/personas",
  ];
  for (const pagePath of runs("bytes") ? publicPages : []) {
    const bytes = await firstLoadBytes(server.url, pagePath);
    line(
      pagePath,
      `JS ${(bytes.js / 1024).toFixed(1)} KB  CSS ${(bytes.css / 1024).toFixed(1)} KB  HTML ${(bytes.html / 1024).toFixed(1)} KB`,
    );
  }

  process.stdout.write(
    "\nLighthouse, mobile (goals: Performance 95+, Accessibility, Best Practices, SEO 100)\n",
  );
  try {
    if (!runs("lighthouse")) throw new Error("not selected (BENCH_ONLY)");
    const scores = await lighthouseScores([
      ["Home", `${server.url}/`],
      ["an insight", `${server.url}${insight}`],
      ["a case study", `${server.url}${caseStudy}`],
      ["Contact", `${server.url}/contact`],
    ]);
    if (!scores) line("skipped", "no Chromium at /usr/bin/chromium");
    for (const [label, score] of scores ?? []) {
      line(
        label,
        `Performance ${score.performance}  Accessibility ${score.accessibility}  Best Practices ${score["best-practices"]}  SEO ${score.seo}`,
      );
    }
  } catch (error) {
    line("failed", (error as Error).message);
  }
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });

  const adminBench = path.join(root, "bench/admin-lists.ts");
  if (runs("admin") && existsSync(adminBench)) {
    process.stdout.write(
      "\nAdmin lists (goal: under 100 ms with 10,000 invoices and 2,000 clients)\n",
    );
    execFileSync(process.execPath, ["--import", "tsx", adminBench], {
      stdio: "inherit",
      cwd: root,
    });
  }

  // Site search on 10,000 items (goal: under 50 ms); bench/search.ts prints its own figures.
  if (runs("search"))
    execFileSync(process.execPath, ["--import", "tsx", path.join(root, "bench/search.ts")], {
      stdio: "inherit",
      cwd: root,
    });
}

main().catch((error) => {
  process.stderr.write(`benchmark failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
