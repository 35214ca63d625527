import type { Env } from "./env";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

let threshold = order[(process.env.LOG_LEVEL as Level) ?? "info"] ?? order.info;

export function setLogLevel(level: Env["LOG_LEVEL"]) {
  threshold = order[level];
}

function write(level: Level, message: string, detail?: unknown) {
  if (order[level] < threshold) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
  const stream = level === "error" || level === "warn" ? process.stderr : process.stdout;
  if (detail instanceof Error) stream.write(`${line}: ${detail.stack ?? detail.message}\n`);
  else if (detail !== undefined) stream.write(`${line} ${JSON.stringify(detail)}\n`);
  else stream.write(`${line}\n`);
}

export const log = {
  debug: (message: string, detail?: unknown) => write("debug", message, detail),
  info: (message: string, detail?: unknown) => write("info", message, detail),
  warn: (message: string, detail?: unknown) => write("warn", message, detail),
  error: (message: string, detail?: unknown) => write("error", message, detail),
};
