/**
 * Lighthouse with its default (mobile) settings against the started product: each page run
 * RUNS times, the pages in turns, every figure the median of a page's runs. Chromium is
 * Debian's.
 */
import { existsSync } from "node:fs";
import type { Result } from "lighthouse";
import { median } from "./load";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * The margin: after the default runs, each page RUNS times more (in turns) with the CPU slowed
 * this many times instead of the default's 4 (0 leaves it out). A page that still scores 95
 * there holds on a machine that much slower; a default miss beside a margin that holds was a
 * minute in which the machine stalled, not the page's own work (decision 816).
 */
export const MARGIN_SLOWDOWN = Number(process.env.BENCH_LIGHTHOUSE_MARGIN ?? 16);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = {
  TBT: "total-blocking-time",
  LCP: "largest-contentful-paint",
  FCP: "first-contentful-paint",
} as const;

export type LighthousePage = {
  label: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metricsMs: Record<keyof typeof METRICS, number>;
  /** Each run's Performance score and the machine's benchmark index then, in run order. */
  runs: Array<{ performance: number; benchmarkIndex: number }>;
  /** The median of RUNS runs at MARGIN_SLOWDOWN times slower CPU, and each run's score. */
  margin?: { performance: number; tbtMs: number; runs: number[] };
};

export type LighthouseReport = {
  version: string;
  runs: number;
  settings: string;
  benchmarkIndex: number;
  pages: LighthousePage[];
};

type Lighthouse = typeof import("lighthouse")["default"];

/** A category's score out of 100, as the report shows it. */
const score = (lhr: Result, category: (typeof CATEGORIES)[number]) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

/**
 * One run; a run whose trace Chromium got wrong (NO_NAVSTART and the like, which this busy
 * machine gives now and then) is run again rather than counted as a score of 0.
 */
async function runOnce(
  lighthouse: Lighthouse,
  url: string,
  port: number,
  config?: Parameters<Lighthouse>[2],
): Promise<Result> {
  let lhr: Result | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error" }, config);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    lhr = result.lhr;
    if (!lhr.runtimeError) return lhr;
    process.stderr.write(`Lighthouse ${url}: ${lhr.runtimeError.code}, run again\n`);
  }
  return lhr!;
}

export async function runLighthouse(
  pages: Array<[label: string, url: string]>,
): Promise<LighthouseReport | undefined> {
  const chromePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
  if (!chromePath) return undefined;
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  const report: LighthouseReport = {
    version: "",
    runs: RUNS,
    settings: "",
    benchmarkIndex: 0,
    pages: [],
  };
  const benchmarkIndexes: number[] = [];
  // In turns, as the cached section loads its servers (decision 818): the first run of every
  // page, then the second of every page, and so on. A minute in which the machine stalls then
  // falls on one run of several pages rather than on every run of one.
  async function runInTurns(config?: Parameters<Lighthouse>[2]) {
    const runsByPage: Result[][] = pages.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      for (const [index, [, url]] of pages.entries()) {
        runsByPage[index].push(await runOnce(lighthouse, url, chrome.port, config));
      }
    }
    return runsByPage;
  }
  try {
    const runsByPage = await runInTurns();
    for (const [index, [label]] of pages.entries()) {
      const runs = runsByPage[index];
      const first = runs[0];
      report.version = first.lighthouseVersion;
      const { formFactor, throttlingMethod, throttling, screenEmulation } = first.configSettings;
      report.settings = `${formFactor}, ${screenEmulation.width}x${screenEmulation.height}, throttling ${throttlingMethod}: RTT ${throttling.rttMs} ms, ${((throttling.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s, CPU slowdown ${throttling.cpuSlowdownMultiplier}x`;
      benchmarkIndexes.push(...runs.map((lhr) => lhr.environment.benchmarkIndex));
      report.pages.push({
        label,
        scores: Object.fromEntries(
          CATEGORIES.map((key) => [key, median(runs.map((lhr) => score(lhr, key)))]),
        ) as LighthousePage["scores"],
        metricsMs: Object.fromEntries(
          Object.entries(METRICS).map(([name, audit]) => [
            name,
            median(runs.map((lhr) => lhr.audits[audit]?.numericValue ?? Number.NaN)),
          ]),
        ) as LighthousePage["metricsMs"],
        runs: runs.map((lhr) => ({
          performance: score(lhr, "performance"),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        })),
      });
    }
    if (MARGIN_SLOWDOWN > 0 && runsByPage.length) {
      // The default runs' own throttling, with only the CPU's slowdown changed.
      const throttling = runsByPage[0][0].configSettings.throttling;
      const marginRuns = await runInTurns({
        extends: "lighthouse:default",
        settings: { throttling: { ...throttling, cpuSlowdownMultiplier: MARGIN_SLOWDOWN } },
      });
      for (const [index, runs] of marginRuns.entries()) {
        const scores = runs.map((lhr) => score(lhr, "performance"));
        report.pages[index].margin = {
          performance: median(scores),
          tbtMs: median(runs.map((lhr) => lhr.audits[METRICS.TBT]?.numericValue ?? Number.NaN)),
          runs: scores,
        };
      }
    }
  } finally {
    await chrome.kill();
  }
  report.benchmarkIndex = median(benchmarkIndexes);
  return report;
}
