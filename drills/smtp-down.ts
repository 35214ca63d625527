/**
 * smtp-down: the mail server stops for 60 s (DRILL_SMTP_DOWN_SECONDS) while a campaign sends and
 * staff ask for password resets. Mail waits and goes once the server is back: nobody missed,
 * nobody mailed twice; the Outbox lists the failed tries (the waits).
 */
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { createStaffUser } from "#server/auth/users.ts";
import { campaigns } from "#server/db/schema/campaigns.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import {
  type DrillResult,
  freshSite,
  receivedMails,
  removeDir,
  scheduleDrillCampaign,
  sleep,
  startProduct,
  startSink,
  tally,
  waitFor,
  withDatabase,
} from "./lib";

const SUBSCRIBERS = 1_000;
const RESETS = 3;
const DOWN_SECONDS = Number(process.env.DRILL_SMTP_DOWN_SECONDS ?? 60);

export async function smtpDownDrill(): Promise<DrillResult> {
  const dataDir = await freshSite("smtp-down");
  const logFile = path.join(dataDir, "received.txt");
  let sink = await startSink({ logFile });
  const port = sink.port;
  const staff = Array.from({ length: RESETS }, (_, index) => `staff-${index}@frontier.test`);
  try {
    await withDatabase(dataDir, async (db) => {
      for (const email of staff)
        await createStaffUser({ db }, { email, password: "drill password 123", role: "admin" });
      await scheduleDrillCampaign(db, SUBSCRIBERS);
    });
    const product = await startProduct({
      dataDir,
      env: { SMTP_URL: sink.url, CAMPAIGN_SEND_PER_MINUTE: "3000" },
    });
    await waitFor(() => sink.count() >= SUBSCRIBERS * 0.2, 120_000);
    await sink.kill();
    const downAt = Date.now();
    const atStop = receivedMails(logFile).length;
    const answers: number[] = [];
    for (const email of staff) {
      const response = await fetch(`${product.url}/forgot-password`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: product.url },
        body: new URLSearchParams({ email }),
      });
      await response.arrayBuffer();
      answers.push(response.status);
    }
    await sleep(Math.max(0, DOWN_SECONDS * 1000 - (Date.now() - downAt)));
    sink = await startSink({ logFile, port });
    const backAt = Date.now();
    const campaignMails = () =>
      receivedMails(logFile).filter((mail) => mail.to.endsWith("@subscribers.test"));
    const resetMails = () =>
      receivedMails(logFile).filter((mail) => /password/i.test(mail.subject));
    await waitFor(
      () =>
        new Set(campaignMails().map((mail) => mail.to)).size >= SUBSCRIBERS &&
        new Set(resetMails().map((mail) => mail.to)).size >= RESETS,
      480_000,
    );
    const allAfter = (Date.now() - backAt) / 1000;
    await sleep(2_000);
    await product.stop();

    const expected = Array.from(
      { length: SUBSCRIBERS },
      (_, index) => `drill-${index + 1}@subscribers.test`,
    );
    const counts = new Map<string, number>();
    for (const mail of campaignMails()) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
    const campaign = tally(expected, counts);
    const resets = tally(staff, new Map(resetMails().map((mail) => [mail.to, 1])));
    const resetDuplicates = resetMails().length - new Set(resetMails().map((mail) => mail.to)).size;
    const state = await withDatabase(dataDir, async (db) => {
      const [{ waits }] = await db
        .select({ waits: count() })
        .from(mailMessages)
        .where(eq(mailMessages.status, "failed"));
      const [{ resetWaits }] = await db
        .select({ resetWaits: count() })
        .from(mailMessages)
        .where(
          and(eq(mailMessages.status, "failed"), sql`${mailMessages.subject} ilike '%password%'`),
        );
      const [row] = await db.select({ status: campaigns.status }).from(campaigns).limit(1);
      return { waits, resetWaits, status: row?.status };
    });
    return {
      name: "smtp-down",
      ok:
        campaign.missing === 0 &&
        campaign.duplicated === 0 &&
        resets.missing === 0 &&
        resetDuplicates === 0 &&
        answers.every((status) => status === 200) &&
        state.waits > 0 &&
        state.status === "sent",
      counts: [
        ["mail server down (s)", DOWN_SECONDS],
        ["campaign mails before it stopped", atStop],
        ["reset requests while down (answers)", answers.join(", ")],
        [
          "campaign sent / missing / duplicated",
          `${campaign.sent} / ${campaign.missing} / ${campaign.duplicated}`,
        ],
        [
          "resets mailed / missing / duplicated",
          `${resets.sent} / ${resets.missing} / ${resetDuplicates}`,
        ],
        ["all mail out, seconds after the server came back", allAfter.toFixed(0)],
        [
          "failed tries listed in the Outbox (campaign, resets)",
          `${state.waits - state.resetWaits}, ${state.resetWaits}`,
        ],
        ["campaign", String(state.status)],
      ],
    };
  } finally {
    await sink.stop();
    removeDir(dataDir);
  }
}
