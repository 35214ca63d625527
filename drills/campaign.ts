/**
 * campaign: a campaign to 5,000 subscribers through a local SMTP server, the product killed
 * with SIGKILL in the middle of sending and started again. Every subscriber gets one mail,
 * but for at most the group that was in flight; sending resumes within 10 s of the restart.
 */
import path from "node:path";
import {
  campaignState,
  type DrillResult,
  freshSite,
  killHard,
  receivedCounts,
  removeDir,
  scheduleDrillCampaign,
  startProduct,
  startSink,
  tally,
  waitFor,
  withDatabase,
} from "./lib";

const SUBSCRIBERS = Number(process.env.DRILL_CAMPAIGN_SUBSCRIBERS ?? 5_000);
/** The most a crash can make the product send twice: one group of the sending job. */
const IN_FLIGHT_GROUP = 50;

export async function campaignDrill(): Promise<DrillResult> {
  const dataDir = await freshSite("campaign");
  const logFile = path.join(dataDir, "received.txt");
  const sink = await startSink({ logFile });
  try {
    const campaignId = await withDatabase(dataDir, (db) => scheduleDrillCampaign(db, SUBSCRIBERS));
    const env = { SMTP_URL: sink.url, CAMPAIGN_SEND_PER_MINUTE: "15000" };
    const first = await startProduct({ dataDir, env });
    await waitFor(() => sink.count() >= SUBSCRIBERS * 0.4, 120_000);
    await killHard(first);
    const atKill = sink.count();

    const second = await startProduct({ dataDir, env });
    const readyAt = Date.now();
    await waitFor(() => sink.count() > atKill, 60_000);
    const resumedAfter = (Date.now() - readyAt) / 1000;
    await waitFor(() => receivedCounts(logFile).size >= SUBSCRIBERS, 180_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await second.stop();

    const expected = Array.from(
      { length: SUBSCRIBERS },
      (_, index) => `drill-${index + 1}@subscribers.test`,
    );
    const counts = tally(expected, receivedCounts(logFile));
    const state = await withDatabase(dataDir, (db) => campaignState(db, campaignId));
    return {
      name: "campaign",
      ok:
        counts.missing === 0 &&
        counts.duplicated <= IN_FLIGHT_GROUP &&
        resumedAfter < 10 &&
        state.status === "sent" &&
        state.unconfirmed === 0,
      counts: [
        ["subscribers", SUBSCRIBERS],
        ["received before the kill", atKill],
        ["sending resumed after the restart (s)", resumedAfter.toFixed(1)],
        ["sent", counts.sent],
        ["missing", counts.missing],
        ["duplicated", counts.duplicated],
        ["campaign", state.status],
        ["deliveries not confirmed sent", state.unconfirmed],
      ],
    };
  } finally {
    await sink.stop();
    removeDir(dataDir);
  }
}
