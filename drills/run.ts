/**
 * `npm run drill -- <name>`: starts the product as `npm start` does (its own free port and
 * temporary DATA_DIR), makes a fault, restarts it and prints what it counted. `all` runs each
 * and prints a table. See drills/README.md.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { campaignDrill } from "./campaign";
import { diskFullDrill } from "./disk-full";
import type { DrillResult } from "./lib";
import { pgRestartDrill } from "./pg-restart";
import { retainerDrill } from "./retainer";
import { s3DownDrill } from "./s3-down";
import { smtpDownDrill } from "./smtp-down";
import { webhooksDrill } from "./webhooks";

const drills: Record<string, () => Promise<DrillResult>> = {
  campaign: campaignDrill,
  retainer: retainerDrill,
  webhooks: webhooksDrill,
  "smtp-down": smtpDownDrill,
  "s3-down": s3DownDrill,
  "disk-full": diskFullDrill,
  "pg-restart": pgRestartDrill,
};

const out = (text: string) => process.stdout.write(`${text}\n`);

function print(result: DrillResult) {
  out(
    `\n${result.name}: ${result.skipped ? `skipped (${result.skipped})` : result.ok ? "passed" : "FAILED"}`,
  );
  for (const [label, value] of result.counts) out(`  ${label.padEnd(48)} ${value}`);
}

async function main() {
  const name = process.argv[2];
  if (!name || (name !== "all" && !drills[name])) {
    out(`usage: npm run drill -- <${[...Object.keys(drills), "all"].join("|")}>`);
    process.exit(2);
  }
  const root = path.resolve(import.meta.dirname, "..");
  execFileSync(process.execPath, [path.join(root, "scripts/ensure-build.mjs")], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  const names = name === "all" ? Object.keys(drills) : [name];
  const results: DrillResult[] = [];
  for (const each of names) {
    const startedAt = Date.now();
    const result = await drills[each]().catch(
      (error: unknown): DrillResult => ({
        name: each,
        ok: false,
        counts: [["error", error instanceof Error ? error.message.split("\n")[0] : String(error)]],
      }),
    );
    result.counts.push(["took (s)", Math.round((Date.now() - startedAt) / 1000)]);
    print(result);
    results.push(result);
  }
  if (names.length > 1) {
    out("\ndrill          result   counts");
    for (const result of results) {
      const verdict = result.skipped ? "skipped" : result.ok ? "passed" : "FAILED";
      const counts = result.skipped
        ? result.skipped
        : result.counts.map(([label, value]) => `${label}: ${value}`).join("; ");
      out(`${result.name.padEnd(14)} ${verdict.padEnd(8)} ${counts}`);
    }
  }
  process.exit(results.every((result) => result.ok || result.skipped) ? 0 : 1);
}

await main();
