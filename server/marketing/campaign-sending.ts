import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { campaignDeliveries, campaigns } from "#server/db/schema/campaigns.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { enqueueJob, type JobContext } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";
import { MailDeliveryError, sendMail } from "#server/mail/mailer.ts";
import { audienceWhere, countAudience } from "./campaign-audience";
import { type MailEnv, renderCampaignMail } from "./campaign-mail";
import { getCampaign } from "./campaign-queries";

export const SEND_CAMPAIGN_JOB = "campaign.send";
/** Recipients one job run handles before handing over to the next run (keeps runs short). */
const BATCH_SIZE = 50;
/** After the mail server refused or could not be reached: try again this much later. */
const RETRY_AFTER_MS = 5_000;

/** Mails per minute (CAMPAIGN_SEND_PER_MINUTE, default 600): gentle on the mail server and its reputation. */
export function sendRatePerMinute(source: NodeJS.ProcessEnv = process.env) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(60_000)
    .catch(600)
    .parse(source.CAMPAIGN_SEND_PER_MINUTE ?? 600);
}

function isPermanentFailure(error: MailDeliveryError) {
  return /\b5\d\d\b|recipients were rejected|invalid address/i.test(error.message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The sending job: claims each recipient with a delivery row first (the
 * unique campaign+subscriber key means nobody is mailed twice, whatever
 * restarts happen), sends at the configured rate, and hands over to a fresh
 * run every batch. When the mail server is unreachable the claim is released
 * and sending resumes a few seconds later.
 */
export async function runCampaignSend(
  { db, env }: { db: Db; env: MailEnv },
  campaignId: string,
  options: { ratePerMinute?: number; batchSize?: number } = {},
): Promise<"finished" | "continue" | "retry" | "skipped"> {
  const campaign = await getCampaign(db, campaignId);
  if (!campaign || (campaign.status !== "scheduled" && campaign.status !== "sending"))
    return "skipped";
  if (campaign.status === "scheduled") {
    if (campaign.scheduledAt && campaign.scheduledAt.getTime() > Date.now()) return "skipped";
    const audience = await countAudience(db, campaign.audienceTags);
    await db
      .update(campaigns)
      .set({ status: "sending", startedAt: new Date(), recipientCount: audience })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "scheduled")));
  }
  const delay = 60_000 / (options.ratePerMinute ?? sendRatePerMinute());
  const pending = await db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      unsubscribeToken: subscribers.unsubscribeToken,
    })
    .from(subscribers)
    .leftJoin(
      campaignDeliveries,
      and(
        eq(campaignDeliveries.subscriberId, subscribers.id),
        eq(campaignDeliveries.campaignId, campaignId),
      ),
    )
    .where(and(audienceWhere(campaign.audienceTags), isNull(campaignDeliveries.id)))
    .orderBy(asc(subscribers.createdAt), asc(subscribers.id))
    .limit(options.batchSize ?? BATCH_SIZE);
  if (pending.length === 0) {
    await db
      .update(campaigns)
      .set({ status: "sent", finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(campaigns.id, campaignId));
    log.info(`campaign ${campaign.name} sent`);
    return "finished";
  }
  for (const recipient of pending) {
    const [claim] = await db
      .insert(campaignDeliveries)
      .values({
        campaignId,
        subscriberId: recipient.id,
        email: recipient.email,
        trackingToken: campaign.isTrackingEnabled ? randomBytes(16).toString("base64url") : null,
      })
      .onConflictDoNothing()
      .returning({ id: campaignDeliveries.id, trackingToken: campaignDeliveries.trackingToken });
    if (!claim) continue;
    const mail = renderCampaignMail(campaign, {
      publicUrl: env.PUBLIC_URL,
      unsubscribeToken: recipient.unsubscribeToken,
    });
    try {
      await sendMail({ db, env }, { to: recipient.email, ...mail });
      await db
        .update(campaignDeliveries)
        .set({ status: "sent", sentAt: new Date() })
        .where(eq(campaignDeliveries.id, claim.id));
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      if (isPermanentFailure(error)) {
        await db
          .update(campaignDeliveries)
          .set({ status: "failed", error: error.message.slice(0, 500) })
          .where(eq(campaignDeliveries.id, claim.id));
      } else {
        // Nothing was handed over: release the claim so the retry sends it.
        await db.delete(campaignDeliveries).where(eq(campaignDeliveries.id, claim.id));
        log.warn(`campaign ${campaign.name} paused: ${error.message}`);
        return "retry";
      }
    }
    if (delay > 0) await sleep(delay);
  }
  return "continue";
}

export async function sendCampaignJob(payload: Record<string, unknown>, context: JobContext) {
  const campaignId = String(payload.campaignId ?? "");
  const outcome = await runCampaignSend({ db: context.db, env: context.env }, campaignId);
  if (outcome === "continue" || outcome === "retry") {
    const runAt = new Date(Date.now() + (outcome === "retry" ? RETRY_AFTER_MS : 0));
    await enqueueJob(context.db, {
      kind: SEND_CAMPAIGN_JOB,
      payload: { campaignId },
      runAt,
      uniqueKey: `${SEND_CAMPAIGN_JOB}:${campaignId}:${runAt.getTime()}:${randomBytes(4).toString("hex")}`,
      maxAttempts: 20,
    });
  }
}
