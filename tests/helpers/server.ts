import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { budget } from "./time-budget.ts";

const root = path.resolve(import.meta.dirname, "../..");
/**
 * What `npm start` runs: the server compiled by `npm run build` (test:e2e builds first), with
 * source maps on as `npm start` turns them on. NODE_ENV is left as the caller has it (Vitest
 * sets "test"): the compiled server makes itself production, and the specs run that.
 */
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const compiledServer = path.join(buildDir, "start.mjs");

/** What `npm run user|seed|backup` runs: the command compiled by `npm run build`. */
export function compiledCli(name: "user" | "seed" | "backup" | "import" | "export") {
  return path.join(buildDir, "cli", `${name}.mjs`);
}

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM, wait for the exit; returns the exit code. */
  stop(): Promise<number | null>;
  /** kill -9: no chance to clean up. */
  kill(): Promise<void>;
};

export type StartOptions = {
  env?: Record<string, string | undefined>;
  /** Reuse a data directory (a restart); a new temporary one otherwise. */
  dataDir?: string;
  /** Keep the data directory after stop (for restart tests). */
  keepData?: boolean;
  timeoutMs?: number;
};

/**
 * Starts the built product (`npm run build` first) on a free port with its own
 * temporary data directory, and waits until it says it is ready.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "frontier-test-"));
  const child = spawn(process.execPath, ["--enable-source-maps", compiledServer], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });

  const port = await new Promise<number>((resolve, reject) => {
    let isLate = false;
    // A server left starting would keep its data directory locked for the next start: it is
    // stopped, and the start fails once it has exited.
    const timer = setTimeout(
      () => {
        isLate = true;
        child.kill("SIGKILL");
      },
      budget(options.timeoutMs ?? 60_000),
    );
    const onData = () => {
      const match = output.match(/ready on http:\/\/localhost:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          isLate
            ? `server did not start in time:\n${output}`
            : `server exited with ${code} before it was ready:\n${output}`,
        ),
      );
    });
  });

  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const cleanUp = () => {
    if (!options.keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      cleanUp();
      return code;
    },
    async kill() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
