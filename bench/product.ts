/** The product as `npm start` runs it (the compiled server), started and measured by the bench. */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const compiledServer = path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "start.mjs");

export const BENCH_STAFF = {
  email: "bench-admin@staff.test",
  password: "bench password 123",
  name: "Bench Admin",
};

const children = new Set<ChildProcess>();
/** Processes the bench started are stopped when it exits, however it exits. */
export function stopAtExit(child: ChildProcess) {
  if (children.size === 0) {
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
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? "",
        LOG_LEVEL: "warn",
        FRONTIER_MEMORY_REPORT: "1",
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
  // LOG_LEVEL=warn hides the ready line: the port is read from /proc instead.
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 120 s:\n${output}`)), 120_000);
    const poll = setInterval(() => {
      const found = listeningPort(child.pid!);
      if (found) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(found);
      }
    }, 10);
    child.once("exit", (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  while ((await fetch(url).catch(() => undefined))?.status !== 200)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const readyMs = performance.now() - startedAt;
  return {
    url,
    pid: child.pid!,
    readyMs,
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
