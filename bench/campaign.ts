/**
 * The campaign section of `npm run bench` (goal: 100,000 subscribers at 300 mails a second or
 * more, resident memory growing less than 50 MB while it sends). The product runs as `npm start`
 * runs it; the SMTP server is drills/smtp-sink.mjs in a process of its own.
 * BENCH_CAMPAIGN_SUBSCRIBERS changes the audience (default 100,000).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/client.ts";
import { saveCampaign } from "#server/marketing/campaign-editing.ts";
import { scheduleCampaign } from "#server/marketing/campaign-scheduling.ts";
import { addSubscribers, sleep, startSink } from "../drills/lib";
import { residentMb, startProduct } from "./product";

const out = (text: string) => process.stdout.write(`${text}\n`);
const line = (label: string, value: string) => out(`  ${label.padEnd(58)} ${value}`);
const count = Number(process.env.BENCH_CAMPAIGN_SUBSCRIBERS ?? 100_000);

async function main() {
  out(
    `\nCampaign to ${count.toLocaleString("en")} subscribers through a local SMTP server (goals: 300 mails/s or more, resident memory growing < 50 MB)`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-bench-campaign-"));
  const logFile = path.join(dataDir, "received.txt");
  try {
    // A first start lays down the demo content; the audience and the campaign go in between.
    await (await startProduct({ dataDir })).stop();
    const database = await openDatabase({ dataDir });
    await addSubscribers(database.db, count, "bench");
    const { id } = await saveCampaign({
      db: database.db,
      input: {
        name: "Bench",
        subject: "The bench",
        body: "Hello **reader**.",
        audienceTags: "bench",
      },
      actor: { id: "bench" },
    });
    await scheduleCampaign({ db: database.db, id, input: { when: "now" }, actor: { id: "bench" } });
    await database.close();

    const sink = await startSink({ logFile });
    const product = await startProduct({
      dataDir,
      env: { SMTP_URL: sink.url, CAMPAIGN_SEND_PER_MINUTE: "600000" },
    });
    const before = residentMb(product.pid);
    let peak = before;
    let firstAt = 0;
    const deadline = Date.now() + 15 * 60_000;
    while (sink.count() < count && Date.now() < deadline) {
      await sleep(200);
      if (!firstAt && sink.count() > 0) firstAt = performance.now();
      peak = Math.max(peak, residentMb(product.pid));
    }
    const seconds = (performance.now() - firstAt) / 1000;
    const rate = sink.count() / seconds;
    await product.stop();
    await sink.stop();
    line(
      "mails received",
      `${sink.count().toLocaleString("en")} of ${count.toLocaleString("en")} in ${seconds.toFixed(1)} s`,
    );
    line("sending rate", `${Math.round(rate)} mails/s  ${rate >= 300 ? "met" : "MISSED"}`);
    line(
      "resident memory while sending",
      `${Math.round(before)} MB at the start, ${Math.round(peak)} MB at most: +${Math.round(peak - before)} MB  ${peak - before < 50 ? "met" : "MISSED"}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
