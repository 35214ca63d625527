import path from "node:path";
import type { Page } from "playwright-core";

export const axePath = path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js");

/** Serious and critical axe violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const results = await axe.run(document);
    if (results.passes.length === 0) throw new Error("axe checked nothing");
    return (
      results.violations as Array<{
        id: string;
        impact: string;
        nodes: Array<{ target: string[] }>;
      }>
    )
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
      }));
  });
}

/** A made-up client address per test, so rate limits of one test never touch another. */
export function uniqueAddress() {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return `10.${part()}.${part()}.${part()}`;
}
