import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { campaignDeliveries } from "#server/db/schema/campaigns.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import type { AppError } from "#server/errors.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { startSmtpServer } from "#tests/helpers/smtp.ts";
import { saveCampaign } from "./campaign-editing";
import { renderCampaignMail } from "./campaign-mail";
import { getCampaign, getCampaignReport, getCampaignSendProblem } from "./campaign-queries";
import { scheduleCampaign } from "./campaign-scheduling";
import { runCampaignSend, SEND_CAMPAIGN_JOB } from "./campaign-sending";
import { recordTrackingEvent } from "./campaign-tracking";
import { importSubscribers } from "./subscribers";

const actor = { id: "admin-1" };

describeEachDatabase("campaigns", (get) => {
  it("renders the unsubscribe link and List-Unsubscribe headers for each person", () => {
    const mail = renderCampaignMail(
      {
        subject: "News",
        previewText: "Inside",
        body: "Hello ![x](/uploads/images/a-960.webp) [site](/insights)",
      },
      { publicUrl: "https://frontier.test", unsubscribeToken: "tok123" },
    );
    expect(mail.html).toContain("https://frontier.test/newsletter/unsubscribe?token=tok123");
    expect(mail.html).toContain('src="https://frontier.test/uploads/images/a-960.webp"');
    expect(mail.text).toContain("site (https://frontier.test/insights)");
    expect(mail.headers?.["List-Unsubscribe"]).toContain("tok123");
  });

  it("sends once to each person in the audience, pausing while the mail server is down", async () => {
    const tag = `t${randomUUID().slice(0, 6)}`;
    const emails = Array.from({ length: 6 }, (_, index) => `p${index}-${tag}@example.com`);
    await importSubscribers({
      db: get().db,
      csv: `email,tags\n${emails.map((email) => `${email},${tag}`).join("\n")}\nother-${tag}@example.com,else\n`,
      actor,
    });
    const { id } = await saveCampaign({
      db: get().db,
      input: { name: "N", subject: "S", body: "Hi", audienceTags: tag },
      actor,
    });
    expect(
      (await scheduleCampaign({ db: get().db, id, input: { when: "now" }, actor })).audience,
    ).toBe(6);

    const smtp = await startSmtpServer();
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Frontier <hello@frontier.test>",
      PUBLIC_URL: "https://frontier.test",
    };
    const options = { ratePerMinute: 60_000, batchSize: 3 };
    const send = async (smtpEnv: typeof env) =>
      (await runCampaignSend({ db: get().db, env: smtpEnv }, id, options)).outcome;
    expect(await send(env)).toBe("continue");
    expect((await getCampaign(get().db, id))?.status).toBe("sending");
    await smtp.close();
    expect(await send(env)).toBe("retry");
    expect(
      await get().db.select().from(campaignDeliveries).where(eq(campaignDeliveries.campaignId, id)),
    ).toHaveLength(3);

    const again = await startSmtpServer();
    const envAgain = { ...env, SMTP_URL: again.url };
    while ((await send(envAgain)) !== "finished") {}
    await again.close();
    const recipients = [...smtp.received, ...again.received].flatMap((mail) => mail.to);
    expect(recipients.sort()).toEqual([...emails].sort());
    expect(again.received[0].raw).toMatch(
      /List-Unsubscribe:\s+<https:\/\/frontier.test\/newsletter\/unsubscribe\?token=/,
    );
    expect(await getCampaignReport(get().db, id)).toMatchObject({
      sent: 6,
      failed: 0,
      inFlight: 0,
    });
    expect((await getCampaign(get().db, id))?.status).toBe("sent");
    const error = await saveCampaign({
      db: get().db,
      id,
      input: { name: "N", subject: "S", body: "x" },
      actor,
    }).catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe("CONFLICT");
  });

  it("tells a send waiting to retry (paused) and one that gave up (failed) from one under way", async () => {
    const campaignId = randomUUID();
    expect(await getCampaignSendProblem(get().db, campaignId)).toBeNull();
    const jobId = await enqueueJob(get().db, {
      kind: SEND_CAMPAIGN_JOB,
      payload: { campaignId },
      runAt: new Date(Date.now() + 5_000),
    });
    expect(await getCampaignSendProblem(get().db, campaignId)).toBe("paused");
    await get()
      .db.update(jobs)
      .set({ status: "failed" })
      .where(eq(jobs.id, String(jobId)));
    expect(await getCampaignSendProblem(get().db, campaignId)).toBe("failed");
  });

  it("counts opens and clicks only when tracking is on, and follows only the campaign's own links", async () => {
    const tag = `k${randomUUID().slice(0, 6)}`;
    await importSubscribers({
      db: get().db,
      csv: `email,tags\nt-${tag}@example.com,${tag}\n`,
      actor,
    });
    const { id } = await saveCampaign({
      db: get().db,
      input: {
        name: "T",
        subject: "S",
        body: "[Read](https://frontier.test/insights/x)",
        audienceTags: tag,
        isTrackingEnabled: "on",
      },
      actor,
    });
    await scheduleCampaign({ db: get().db, id, input: { when: "now" }, actor });
    const env = {
      SMTP_URL: undefined,
      MAIL_FROM: "Frontier <hello@frontier.test>",
      PUBLIC_URL: "https://frontier.test",
    };
    while (
      (await runCampaignSend({ db: get().db, env }, id, { ratePerMinute: 60_000 })).outcome !==
      "finished"
    ) {}
    const [delivery] = await get()
      .db.select()
      .from(campaignDeliveries)
      .where(eq(campaignDeliveries.campaignId, id));
    const token = delivery.trackingToken ?? "";
    expect(token).not.toBe("");
    const mail = renderCampaignMail(
      { subject: "S", previewText: "", body: "[Read](https://frontier.test/insights/x)" },
      {
        publicUrl: "https://frontier.test",
        trackingToken: token,
      },
    );
    expect(mail.html).toContain(
      `https://frontier.test/newsletter/t/${token}/click?u=https%3A%2F%2Ffrontier.test%2Finsights%2Fx`,
    );
    expect(mail.html).toContain(`https://frontier.test/newsletter/t/${token}/open`);
    const publicUrl = "https://frontier.test";
    expect(
      await recordTrackingEvent(get().db, {
        token,
        kind: "click",
        url: "https://evil.example/",
        publicUrl,
      }),
    ).toBeUndefined();
    expect(
      await recordTrackingEvent(get().db, {
        token,
        kind: "click",
        url: "https://frontier.test/insights/x",
        publicUrl,
      }),
    ).toBe("https://frontier.test/insights/x");
    expect(await getCampaignReport(get().db, id)).toMatchObject({ sent: 1, opened: 1, clicked: 1 });
  });
});
