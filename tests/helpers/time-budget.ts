/**
 * How long a spec may wait, stretched on a machine that was asked to be slow.
 *
 * A spec waits for what the screen shows, never for a time; its time limits only decide
 * how long a hang takes to fail. With BROWSER_CPU_SLOWDOWN=N the page's scripts run N
 * times slower, so every limit (the test's, the hooks', Playwright's waits) is N times
 * longer; TIME_BUDGET_SCALE sets the factor directly (a busy machine without throttling).
 */
export const timeScale = Math.max(
  1,
  Number(process.env.TIME_BUDGET_SCALE) || Number(process.env.BROWSER_CPU_SLOWDOWN) || 1,
);

/** `ms`, stretched by the run's time scale. */
export function budget(ms: number) {
  return Math.round(ms * timeScale);
}
