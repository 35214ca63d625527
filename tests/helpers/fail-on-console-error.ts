import { afterEach, vi } from "vitest";

// A test that logs an unexpected console.error, or an error line of the server's log (where
// the server's own errors go, decision 215), fails.
let logged: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  logged.push(args);
  original(...args);
};
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  if (text.startsWith('{"level":"error"')) logged.push([JSON.parse(text.split("\n")[0]).msg]);
  return write(chunk, ...rest);
}) as typeof process.stdout.write;
afterEach(() => {
  const errors = logged;
  logged = [];
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`an error was logged: ${String(errors[0][0])}`);
});
