/**
 * The load generator, always in a process of its own: wrk when installed (a C program
 * that needs far less CPU than a JavaScript one), else autocannon's command line.
 */
import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");

export type LoadSettings = { threads: number; connections: number; durationS: number };
export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Responses received in the run. */
  requests: number;
  /** Body and headers per response, as received (tells identity from gzip answers). */
  bytesPerResponse: number;
};

/**
 * What Chromium asks for: a page made per request is measured as a browser gets it
 * (Brotli here), not in an encoding no browser prefers.
 */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export const loadSettings: LoadSettings = {
  threads: Number(process.env.BENCH_THREADS ?? 1),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationS: Number(process.env.BENCH_DURATION ?? 8),
};

function hasWrk() {
  if (process.env.BENCH_LOAD === "autocannon") return false;
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1; only a missing program throws ENOENT.
    return (error as NodeJS.ErrnoException).code !== "ENOENT";
  }
}

export const loadGenerator = hasWrk() ? "wrk" : "autocannon";

export function describeLoad(settings: LoadSettings = loadSettings) {
  return loadGenerator === "wrk"
    ? `wrk (${wrkVersion()}), ${settings.threads} thread, ${settings.connections} connections, ${settings.durationS} s per run, latency from --latency`
    : `autocannon in a child process (wrk not installed), ${settings.connections} connections, ${settings.durationS} s per run`;
}

function wrkVersion() {
  try {
    execFileSync("wrk", ["--version"], { encoding: "utf8" });
  } catch (error) {
    const out = String((error as { stdout?: string }).stdout ?? "");
    return out.match(/wrk (\S+)/)?.[1] ?? "unknown version";
  }
  return "unknown version";
}

/** Milliseconds from wrk's "1.23ms", "456.00us" or "1.20s". */
function toMs(value: string) {
  const match = value.match(/^([\d.]+)(us|ms|s|m)$/);
  if (!match) return Number.NaN;
  const number = Number(match[1]);
  return { us: number / 1000, ms: number, s: number * 1000, m: number * 60_000 }[
    match[2] as "us" | "ms" | "s" | "m"
  ];
}

function toBytes(value: string) {
  const match = value.match(/^([\d.]+)([KMG]?B)$/);
  if (!match) return 0;
  return Number(match[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[match[2] as "B"];
}

export function parseWrk(output: string): LoadResult {
  const requests = Number(output.match(/(\d+) requests in/)?.[1] ?? 0);
  const read = toBytes(output.match(/requests in [\d.]+\w+, ([\d.]+[KMG]?B) read/)?.[1] ?? "0B");
  const socketErrors = output.match(
    /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/,
  );
  const errors =
    Number(output.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) +
    (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0);
  return {
    rps: Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: toMs(output.match(/^\s+50%\s+(\S+)/m)?.[1] ?? ""),
    p99: toMs(output.match(/^\s+99%\s+(\S+)/m)?.[1] ?? ""),
    errors,
    requests,
    bytesPerResponse: requests ? read / requests : 0,
  };
}

/**
 * Seconds a rendered page is loaded, unmeasured, before its measured run: by then the code
 * that renders it has been compiled and optimised, as on a server that has been up a while.
 * Without it the first page measured pays the JIT's warm-up (Home: ~415 pages a second in
 * its first 8 s on a new server, ~500 after, on the machine of decision 741).
 */
/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP ?? 10);

/** Loads the URL for WARM_UP_SECONDS and discards the figures. */
export async function warmUp(url: string, headers: Record<string, string>, settings: LoadSettings) {
  if (WARM_UP_SECONDS > 0) await load(url, headers, { ...settings, durationS: WARM_UP_SECONDS });
}

/** Loads one URL for the set duration and returns throughput and latency. */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  settings: LoadSettings = loadSettings,
): Promise<LoadResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => [
    "-H",
    loadGenerator === "wrk" ? `${name}: ${value}` : `${name}=${value}`,
  ]);
  if (loadGenerator === "wrk") {
    const { stdout } = await run(
      "wrk",
      [
        `-t${settings.threads}`,
        `-c${settings.connections}`,
        `-d${settings.durationS}s`,
        "--latency",
        ...headerArgs,
        url,
      ],
      { maxBuffer: 1024 * 1024 },
    );
    return parseWrk(stdout);
  }
  const { stdout } = await run(
    process.execPath,
    [
      path.join(root, "node_modules/autocannon/autocannon.js"),
      "-c",
      String(settings.connections),
      "-d",
      String(settings.durationS),
      "-j",
      ...headerArgs,
      url,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

/** CPU time (user and system) a process has used so far, in microseconds (Linux's /proc). */
export function cpuTimeUs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are the 14th and 15th fields of the whole line, in clock ticks (100 Hz).
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

export type AlternatedResult = LoadResult & { cpuUsPerResponse?: number };

/**
 * Runs `a` and `b` in turns (a, b, b, a, ...), `rounds` runs each of the set duration
 * split between them, so that other work on the machine weighs on both alike. Returns
 * each one's throughput over all its runs, its median p50, its worst p99, and (when its
 * process id is known) the CPU its server process used per response.
 */
export async function alternate(
  a: { url: string; pid?: number },
  b: { url: string; pid?: number },
  headers: Record<string, string> = {},
  rounds = Number(process.env.BENCH_ROUNDS ?? 2),
): Promise<[AlternatedResult, AlternatedResult]> {
  const settings = { ...loadSettings, durationS: Math.max(2, loadSettings.durationS / rounds) };
  const runs: [Array<[LoadResult, number]>, Array<[LoadResult, number]>] = [[], []];
  const order = Array.from({ length: rounds }, (_, round) => (round % 2 ? [1, 0] : [0, 1])).flat();
  for (const which of order) {
    const server = which ? b : a;
    const cpuBefore = server.pid ? cpuTimeUs(server.pid) : 0;
    const result = await load(server.url, headers, settings);
    runs[which].push([result, server.pid ? cpuTimeUs(server.pid) - cpuBefore : 0]);
  }
  const combine = (list: Array<[LoadResult, number]>, pid?: number): AlternatedResult => {
    const results = list.map(([result]) => result);
    const requests = results.reduce((sum, result) => sum + result.requests, 0);
    const p50s = results.map((result) => result.p50).sort((x, y) => x - y);
    return {
      rps: results.reduce((sum, result) => sum + result.rps, 0) / results.length,
      p50: p50s[Math.floor(p50s.length / 2)],
      p99: Math.max(...results.map((result) => result.p99)),
      errors: results.reduce((sum, result) => sum + result.errors, 0),
      requests,
      bytesPerResponse:
        results.reduce((sum, result) => sum + result.bytesPerResponse * result.requests, 0) /
        Math.max(1, requests),
      cpuUsPerResponse: pid
        ? list.reduce((sum, [, cpu]) => sum + cpu, 0) / Math.max(1, requests)
        : undefined,
    };
  };
  return [combine(runs[0], a.pid), combine(runs[1], b.pid)];
}
