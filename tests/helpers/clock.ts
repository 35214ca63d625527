import { vi } from "vitest";

/**
 * Runs `work` with the clock standing still a second into the next window of `windowMs`: a
 * limit that counts per fixed window of the clock then counts the whole
 * of `work` in one window, however slowly the machine runs it. Timers stay real.
 */
export async function inOneClockWindow<T>(windowMs: number, work: () => Promise<T>) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / windowMs) * windowMs + windowMs + 1000);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}
