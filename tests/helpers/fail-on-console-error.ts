import { afterEach, vi } from "vitest";

// A test that logs an unexpected console.error fails.
let logged: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  logged.push(args);
  original(...args);
};
afterEach(() => {
  const errors = logged;
  logged = [];
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${String(errors[0][0])}`);
});
