import { randomUUID } from "node:crypto";
import { and, arrayContains, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { campaignDeliveries } from "#server/db/schema/campaigns.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { claimJob, enqueueJob } from "#server/jobs/queue.ts";
import { SMTP_POOL_CONNECTIONS } from "#server/mail/mailer.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { startSmtpServer } from "#tests/helpers/smtp.ts";
import { saveCampaign } from "./campaign-editing";
import { getCampaign } from "./campaign-queries";
import { scheduleCampaign } from "./campaign-scheduling";
import { runCampaignSend, type SendCursor } from "./campaign-sending";
import { importSubscribers } from "./subscribers";

const actor = { id: "admin-1" };
const fast = { ratePerMinute: 600_000 };

describeEachDatabase("campaign sending", (get) => {
  async function campaignTo(count: number) {
    const tag = `s${randomUUID().slice(0, 8)}`;
    const emails = Array.from({ length: count }, (_, index) => `r${index}-${tag}@example.com`);
    await importSubscribers({
      db: get().db,
      csv: `email,tags\n${emails.map((email) => `${email},${tag}`).join("\n")}\n`,
      actor,
    });
    const { id } = await saveCampaign({
      db: get().db,
      input: { name: `C ${tag}`, subject: "S", body: "Hello **there**", audienceTags: tag },
      actor,
    });
    await scheduleCampaign({ db: get().db, id, input: { when: "now" }, actor });
    return { id, emails, tag };
  }

  const mailEnv = (url: string) => ({
    SMTP_URL: url,
    MAIL_FROM: "Frontier <hello@frontier.test>",
    PUBLIC_URL: "https://frontier.test",
  });

  async function subscriberIds(emails: string[]) {
    const ids: string[] = [];
    for (const email of emails) {
      const [row] = await get()
        .db.select({ id: subscribers.id })
        .from(subscribers)
        .where(eq(subscribers.email, email));
      ids.push(row.id);
    }
    return ids;
  }

  it("sends again a delivery a dead claim left unconfirmed, and leaves a live claim's alone", async () => {
    const { id, emails } = await campaignTo(4);
    const [deadOne, liveOne] = await subscriberIds(emails.slice(0, 2));
    // A live claim: a job another runner is running now, its lease renewed.
    await enqueueJob(get().db, { kind: "test.alive", runAt: new Date(Date.now() - 1000) });
    const live = await claimJob(get().db, { runnerId: "other-host:7:bb", leaseMs: 60_000 });
    // The process that claimed the first subscriber died before the mail server answered.
    await get()
      .db.insert(campaignDeliveries)
      .values([
        { campaignId: id, subscriberId: deadOne, email: emails[0], claimedBy: "dead-host:9:aa#4" },
        { campaignId: id, subscriberId: liveOne, email: emails[1], claimedBy: live?.locked_by },
      ]);
    const smtp = await startSmtpServer();
    try {
      const env = mailEnv(smtp.url);
      let outcome = "";
      for (let run = 0; run < 5 && outcome !== "retry"; run++)
        outcome = (await runCampaignSend({ db: get().db, env }, id, fast)).outcome;
      // Still unconfirmed by a live claim: not finished, and not sent again.
      expect(outcome).toBe("retry");
      expect((await getCampaign(get().db, id))?.status).toBe("sending");
      const received = smtp.received.flatMap((mail) => mail.to).sort();
      expect(received).toEqual([emails[0], emails[2], emails[3]].sort());

      // That runner dies too: its row is sent once, and the campaign is done.
      await get()
        .db.update(jobs)
        .set({ lockedUntil: new Date(Date.now() - 60_000) })
        .where(eq(jobs.id, String(live?.id)));
      while ((await runCampaignSend({ db: get().db, env }, id, fast)).outcome !== "finished") {}
      expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([...emails].sort());
      const rows = await get()
        .db.select({ status: campaignDeliveries.status })
        .from(campaignDeliveries)
        .where(eq(campaignDeliveries.campaignId, id));
      expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);
    } finally {
      await smtp.close();
    }
  });

  it("walks the audience by keyset, and a last pass finds who confirmed behind the cursor", async () => {
    const { id, emails, tag } = await campaignTo(7);
    // The first in the audience's order is not confirmed yet when sending starts.
    const [{ id: late }] = await get()
      .db.select({ id: subscribers.id })
      .from(subscribers)
      .where(arrayContains(subscribers.tags, [tag]))
      .orderBy(subscribers.createdAt, subscribers.id)
      .limit(1);
    await get().db.update(subscribers).set({ status: "pending" }).where(eq(subscribers.id, late));
    const smtp = await startSmtpServer();
    try {
      const env = mailEnv(smtp.url);
      let cursor: SendCursor | null = null;
      const cursors: Array<SendCursor | null> = [];
      let outcome = "";
      let runs = 0;
      while (outcome !== "finished" && runs++ < 20) {
        if (runs === 3)
          await get()
            .db.update(subscribers)
            .set({ status: "confirmed" })
            .where(eq(subscribers.id, late));
        const result = await runCampaignSend({ db: get().db, env }, id, {
          ...fast,
          batchSize: 2,
          cursor,
        });
        outcome = result.outcome;
        cursor = result.cursor;
        cursors.push(cursor);
      }
      expect(outcome).toBe("finished");
      // Each batch started after the last one's end: the cursor only moved forward until the
      // end of the audience, then one pass from the start.
      expect(cursors.filter(Boolean).length).toBeGreaterThanOrEqual(3);
      const received = smtp.received.flatMap((mail) => mail.to);
      expect(received.sort()).toEqual([...emails].sort());
      const [delivery] = await get()
        .db.select()
        .from(campaignDeliveries)
        .where(
          and(eq(campaignDeliveries.campaignId, id), eq(campaignDeliveries.subscriberId, late)),
        );
      expect(delivery.status).toBe("sent");
    } finally {
      await smtp.close();
    }
  });

  it("renders the body once and sends over a pool of connections", async () => {
    const { id, emails } = await campaignTo(30);
    const smtp = await startSmtpServer();
    try {
      const env = mailEnv(smtp.url);
      while ((await runCampaignSend({ db: get().db, env }, id, fast)).outcome !== "finished") {}
      expect(smtp.received).toHaveLength(30);
      expect(smtp.received[0].raw).toContain("<strong>there</strong>");
      // 30 mails over at most the pool's connections, not one connection each.
      expect(smtp.connections).toBeLessThanOrEqual(SMTP_POOL_CONNECTIONS);
      expect(new Set(smtp.received.flatMap((mail) => mail.to)).size).toBe(emails.length);
    } finally {
      await smtp.close();
    }
  });
});
