import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compiledCli, compiledServer, root } from "./build-paths.ts";
import { budget } from "./time-budget.ts";

export { compiledCli };

declare module "vitest" {
  export interface ProvidedContext {
    /** A data directory with the demo content, made once for the run (empty when not made). */
    dataTemplate: string;
  }
}

/**
 * A new temporary data directory for one server: a copy of the run's seeded template when
 * there is one (`fresh` asks for an empty directory, as a new install has).
 */
export async function newDataDir(prefix: string, { fresh = false } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = fresh ? "" : await runTemplate();
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * The data directory a start asked for, or a new one for it. A server on PostgreSQL keeps only
 * uploads in its directory, so it gets no copy of the template.
 */
export function serverDataDir(prefix: string, options: StartOptions) {
  if (options.dataDir) return options.dataDir;
  return newDataDir(prefix, { fresh: options.fresh || Boolean(options.env?.DATABASE_URL) });
}

async function runTemplate() {
  // Outside a Vitest run (scripts/screenshot.ts) there is none, and Vitest cannot be imported.
  if (!process.env.VITEST) return "";
  const { inject } = await import("vitest");
  return inject("dataTemplate") ?? "";
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
  /**
   * Start on an empty data directory, as a new install does (migrations and the demo content
   * at start); otherwise a new directory is a copy of the run's seeded template.
   */
  fresh?: boolean;
  timeoutMs?: number;
};

/**
 * Starts the built product (`npm run build` first) on a free port with its own
 * temporary data directory, and waits until it says it is ready.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = await serverDataDir("frontier-test-", options);
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
