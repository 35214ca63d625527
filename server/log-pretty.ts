const COLORS: Record<string, number> = { debug: 90, info: 36, warn: 33, error: 31, fatal: 35 };

/** Control characters shown as escapes: a message cannot start a line of its own here either. */
const escapeControl = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
  text.replace(/[\u0000-\u001f\u007f]/g, (char) => JSON.stringify(char).slice(1, -1));

const indent = (text: string) =>
  text
    .split("\n")
    .map((line) => `    ${escapeControl(line)}`)
    .join("\n");

/**
 * One JSON log line as a person reads it (`npm run dev`):
 * `12:03:04.567 WARN  message (request id) {detail}` and an error's stack indented below.
 */
export function formatPretty(line: string, { color = Boolean(process.stdout.isTTY) } = {}) {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const { time, level, msg, pid: _pid, hostname: _hostname, requestId, err, ...rest } = entry;
  const label = String(level).toUpperCase().padEnd(5);
  const paint = (text: string) =>
    color ? `\u001b[${COLORS[String(level)] ?? 0}m${text}\u001b[0m` : text;
  const clock = typeof time === "string" ? time.slice(11, 23) : "";
  const request = requestId ? ` (${escapeControl(String(requestId))})` : "";
  const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : "";
  const error = err as { stack?: string; message?: string } | undefined;
  const stack = error ? `\n${indent(String(error.stack ?? error.message))}` : "";
  return `${clock} ${paint(label)} ${escapeControl(String(msg ?? ""))}${request}${extra}${stack}\n`;
}
