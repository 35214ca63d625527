import { format } from "node:util";
import pino, { type Logger } from "pino";
import type { Env } from "./env";
import { formatPretty } from "./log-pretty";
import { createRedactor, secretsOf } from "./log-redact";
import { currentRequestId } from "./request-id";

type Level = "debug" | "info" | "warn" | "error";
export type LogFormat = "json" | "pretty";

const LEVELS: ReadonlyArray<Env["LOG_LEVEL"]> = ["debug", "info", "warn", "error", "silent"];

type LogState = {
  logger: Logger<never, boolean>;
  format: LogFormat;
  redactor: ReturnType<typeof createRedactor>;
};

function createState(): LogState {
  const fromEnv = process.env.LOG_LEVEL as Env["LOG_LEVEL"];
  const state: Omit<LogState, "logger"> = { format: "json", redactor: createRedactor() };
  // process.stdout is synchronous for files and pipes on Linux: a line written just before
  // process.exit is not lost, and the destination is looked up at each write (tests spy on it).
  const destination = {
    write(line: string) {
      process.stdout.write(state.format === "pretty" ? formatPretty(line) : line);
    },
  };
  const logger = pino(
    {
      level: LEVELS.includes(fromEnv) ? fromEnv : "info",
      timestamp: pino.stdTimeFunctions.isoTime,
      // Errors arrive already serialised (and redacted) by `write` below.
      serializers: { err: (value: unknown) => value },
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
  return Object.assign(state, { logger });
}

// One logger per process, shared through globalThis: the React Router build bundles its own
// copy of this module, and LOG_LEVEL, the format and the secrets must reach it too.
const stateKey = Symbol.for("frontier.log");
const globals = globalThis as Record<symbol, LogState | undefined>;
globals[stateKey] ??= createState();
const state = globals[stateKey];

export function setLogLevel(level: Env["LOG_LEVEL"]) {
  state.logger.level = level;
}

/** JSON lines (the default, for machines) or a readable line per entry (`npm run dev`). */
export function setLogFormat(format: LogFormat) {
  state.format = format;
}

/** The configuration's secret values, blanked out of every line wherever they appear. */
export function setLogSecrets(env: Parameters<typeof secretsOf>[0]) {
  state.redactor.setSecrets(secretsOf(env));
}

/**
 * One JSON object per line: `time`, `level`, `msg`, `requestId` inside a request, `err`
 * (type, message, stack) when the detail is an error, `detail` otherwise. Every value is
 * JSON-escaped, so no text a visitor typed can start a line of its own.
 */
function write(level: Level, message: string, detail?: unknown) {
  const { logger, redactor } = state;
  if (!logger.isLevelEnabled(level)) return;
  const msg = redactor.scrub(String(message));
  if (detail === undefined) logger[level](msg);
  else if (detail instanceof Error) logger[level]({ err: redactor.redact(detail) }, msg);
  else logger[level]({ detail: redactor.redact(detail) }, msg);
}

export const log = {
  debug: (message: string, detail?: unknown) => write("debug", message, detail),
  info: (message: string, detail?: unknown) => write("info", message, detail),
  warn: (message: string, detail?: unknown) => write("warn", message, detail),
  error: (message: string, detail?: unknown) => write("error", message, detail),
};

/**
 * Every line the server writes is one JSON object: what a library (or React) prints with
 * `console.*`, and Node's own warnings, go through the log instead of raw to stdout/stderr.
 * An Error among the arguments becomes the line's `err` (with its stack, on one line).
 * Called once at start-up by the server; commands for people (`npm run user`) keep the console.
 */
export function routeConsoleToLog() {
  const methods = [
    ["log", "info"],
    ["info", "info"],
    ["debug", "debug"],
    ["trace", "debug"],
    ["warn", "warn"],
    ["error", "error"],
  ] as const;
  for (const [method, level] of methods)
    console[method] = (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const rest = error ? args.filter((arg) => arg !== error) : args;
      write(level, rest.length ? format(...rest) : (error?.message ?? ""), error);
    };
  // Node prints warnings (deprecations, listener leaks) to stderr itself unless someone else
  // listens: the log listens instead.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => write("warn", `${warning.name}: ${warning.message}`));
}
