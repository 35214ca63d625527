/** The product as `npm start` runs it (the compiled server), started and measured by the bench. */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const compiledServer = path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "start.mjs");

/**
 * The environment `npm start` gives the server: the `NAME=value` words its script begins with
 * in package.json (MALLOC_ARENA_MAX=1, decision 801), so the bench measures what it runs.
 */
export function startScriptEnv(script: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const word of script.trim().split(/\s+/)) {
    const assignment = word.match(/^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/);
    if (!assignment) break;
    env[assignment[1]] = assignment[2];
  }
  return env;
}

const npmStartEnv = startScriptEnv(
  (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: { start: string };
    }
  ).scripts.start,
);

export const BENCH_STAFF = {
  email: "bench-admin@staff.test",
  password: "bench password 123",
  name: "Bench Admin",
};

const children = new Set<ChildProcess>();
let isStoppingAtExit = false;
/** Processes the bench started are stopped when it exits, however it exits. */
export function stopAtExit(child: ChildProcess) {
  // Once per process: a run that starts a product after the last one stopped adds no listener.
  if (!isStoppingAtExit) {
    isStoppingAtExit = true;
    process.once("exit", () => {
      for (const running of children) if (running.exitCode === null) running.kill("SIGTERM");
    });
    for (const signal of ["SIGINT", "SIGTERM"] as const)
      process.once(signal, () => process.exit(130));
  }
  children.add(child);
  child.once("exit", () => children.delete(child));
}

export type Product = {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to the first page served. */
  readyMs: number;
  /** The server's memory report (FRONTIER_MEMORY_REPORT), asked for with SIGUSR2. */
  memoryReport(): Promise<Record<string, unknown>>;
  /** What the server has printed so far (its log lines). */
  output(): string;
  stop(): Promise<void>;
};

/** Starts the built product with its own data directory; resolves once Home is served. */
export async function startProduct(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Extra Node options (default BENCH_NODE_ARGS), e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`. */
  nodeArgs?: string[];
}): Promise<Product> {
  // A free port chosen here: finding the one a server picked (in /proc) took 2 ms of the
  // machine every 10 ms, beside the start being timed.
  const port = await freePort();
  const startedAt = performance.now();
  // NODE_ENV is left as it is: the compiled server makes itself production.
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      compiledServer,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? "",
        LOG_LEVEL: "warn",
        FRONTIER_MEMORY_REPORT: "1",
        ...npmStartEnv,
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  stopAtExit(child);
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`))),
  );
  exited.catch(() => {});
  const url = `http://127.0.0.1:${port}`;
  const deadline = startedAt + 120_000;
  // Refused until the server listens (a refused connection costs the machine next to nothing).
  while ((await Promise.race([fetch(url).catch(() => undefined), exited]))?.status !== 200) {
    if (performance.now() > deadline) throw new Error(`no start in 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - startedAt;
  return {
    url,
    pid: child.pid!,
    readyMs,
    output: () => output,
    async memoryReport() {
      const before = output.length;
      child.kill("SIGUSR2");
      for (let attempt = 0; attempt < 500; attempt++) {
        const line = output.slice(before).match(/^memory (\{.*\})$/m)?.[1];
        if (line) return JSON.parse(line);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error("no memory report (is FRONTIER_MEMORY_REPORT supported by this build?)");
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** A TCP port nothing listens on now (the system picks it; the server takes it next). */
export async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * CPU time (user + system) the process has used, in ms: what a page costs the server
 * whatever else the machine runs (throughput on a shared machine is not).
 */
export function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function statusMb(pid: number, field: "VmRSS" | "VmHWM") {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
}

/** The process's resident set now, in MB. */
export const residentMb = (pid: number) => statusMb(pid, "VmRSS");
/** The largest resident set the process has had since it started, in MB. */
export const peakResidentMb = (pid: number) => statusMb(pid, "VmHWM");

/** Signs the bench's staff member in through /login; the session cookie, as a browser keeps it. */
export async function signIn(baseUrl: string) {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({
      email: BENCH_STAFF.email,
      password: BENCH_STAFF.password,
      redirectTo: "/admin",
    }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie.includes("frontier.session"));
  if (response.status !== 302 || !session)
    throw new Error(`signing the bench's staff member in failed with ${response.status}`);
  return session;
}

/**
 * What a memory report says, as labelled lines: resident memory by kind, V8's heap, memory
 * outside it (the embedded engine's WebAssembly memory among it) and the heap's spaces, in MB.
 */
export function memoryParts(report: Record<string, unknown>): Array<[string, string]> {
  const spaces = report.heapSpacesUsed as Record<string, number>;
  // Node counts the engine's whole WebAssembly reservation as memory outside the heap.
  const hasEngine = Number(report.databaseEngine) > 0;
  const outside = hasEngine
    ? `array buffers ${report.arrayBuffers}, the engine's reservation ${report.databaseEngine}`
    : `array buffers ${report.arrayBuffers}`;
  const engine = hasEngine
    ? `; embedded database engine ${report.databaseEngineResident ?? "?"} resident`
    : "";
  return [
    [
      "      of which (MB)",
      `anonymous ${report.rssAnon}, file-backed ${report.rssFile}; V8 heap ${report.heapTotal} (used ${report.heapUsed}), outside the heap ${report.external} (${outside})${engine}`,
    ],
    [
      "      V8 heap used by space (MB)",
      Object.entries(spaces)
        .filter(([, value]) => value >= 0.5)
        .map(([name, value]) => `${name.replace(/_space$/, "")} ${value}`)
        .join(", "),
    ],
    ["      idle collections since start", String(report.idleCollections ?? "?")],
  ];
}
