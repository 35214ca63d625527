import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { campaignDeliveries, campaigns } from "#server/db/schema/campaigns.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { enqueueJob, isLeaseAlive, type JobContext } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";
import { MailDeliveryError, sendMail } from "#server/mail/mailer.ts";
import { audienceWhere, countAudience } from "./campaign-audience";
import { type MailEnv, renderCampaignBody, renderCampaignMail } from "./campaign-mail";
import { getCampaign } from "./campaign-queries";

export const SEND_CAMPAIGN_JOB = "campaign.send";
/** Recipients one job run claims before handing over to the next run (keeps runs short). */
const BATCH_SIZE = 500;
/**
 * Mails handed to the pooled transport at once, and recorded together. A crash can leave at
 * most these unconfirmed (sent again after a restart).
 */
const GROUP_SIZE = 50;
/** After the mail server refused or could not be reached: try again this much later. */
const RETRY_AFTER_MS = 5_000;

/** Mails per minute (CAMPAIGN_SEND_PER_MINUTE, default 600): gentle on the mail server and its reputation. */
export function sendRatePerMinute(source: NodeJS.ProcessEnv = process.env) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(600_000)
    .catch(600)
    .parse(source.CAMPAIGN_SEND_PER_MINUTE ?? 600);
}

function isPermanentFailure(error: MailDeliveryError) {
  return /\b5\d\d\b|recipients were rejected|invalid address/i.test(error.message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the last run stopped in the audience's order (created_at, id): the keyset of the next batch. */
export type SendCursor = { createdAt: string; id: string };

type Recipient = {
  deliveryId: string;
  email: string;
  unsubscribeToken: string;
  trackingToken: string | null;
};

type Outcome = "finished" | "continue" | "retry" | "skipped";

/**
 * One run of the sending job (decision 751):
 * 1. rows left "sending" by a claim that is no longer alive (its process died between handing
 *    the mail to SMTP and recording the answer) are sent again: at most the few mails that were
 *    in flight get a second copy, nobody is skipped;
 * 2. the next batch of the audience, after `cursor` in (created_at, id) order, is claimed with
 *    one insert (the unique campaign+subscriber key means nobody is claimed twice);
 * 3. mails go out a group at a time over the pooled transport (its few connections shared by
 *    the group), at the configured rate, and each group's answers are recorded at once.
 * When the mail server cannot be reached the unsent claims are released and the run says
 * "retry"; the campaign is "sent" only when nobody in the audience is left unclaimed and no
 * delivery is still unconfirmed.
 */
export async function runCampaignSend(
  { db, env, lease }: { db: Db; env: MailEnv; lease?: string },
  campaignId: string,
  options: { ratePerMinute?: number; batchSize?: number; cursor?: SendCursor | null } = {},
): Promise<{ outcome: Outcome; cursor: SendCursor | null }> {
  const campaign = await getCampaign(db, campaignId);
  const cursor = options.cursor ?? null;
  if (!campaign || (campaign.status !== "scheduled" && campaign.status !== "sending"))
    return { outcome: "skipped", cursor };
  if (campaign.status === "scheduled") {
    if (campaign.scheduledAt && campaign.scheduledAt.getTime() > Date.now())
      return { outcome: "skipped", cursor };
    const audience = await countAudience(db, campaign.audienceTags);
    await db
      .update(campaigns)
      .set({ status: "sending", startedAt: new Date(), recipientCount: audience })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "scheduled")));
  }
  const claimedBy = lease ?? null;
  const renderedBody = renderCampaignBody(campaign, env.PUBLIC_URL);

  // 1. Deliveries a dead claim left unconfirmed.
  const orphaned = await db
    .update(campaignDeliveries)
    .set({ claimedBy })
    .from(subscribers)
    .where(
      and(
        eq(campaignDeliveries.campaignId, campaignId),
        eq(campaignDeliveries.status, "sending"),
        eq(subscribers.id, campaignDeliveries.subscriberId),
        sql`(${campaignDeliveries.claimedBy} is null or not ${isLeaseAlive(sql`${campaignDeliveries.claimedBy}`)})`,
      ),
    )
    .returning({
      deliveryId: campaignDeliveries.id,
      email: campaignDeliveries.email,
      unsubscribeToken: subscribers.unsubscribeToken,
      trackingToken: campaignDeliveries.trackingToken,
    });
  if (orphaned.length > 0)
    log.warn(
      `campaign ${campaign.name}: ${orphaned.length} deliveries were cut off before the mail server answered; sending them again`,
    );

  // 2. The next batch, by keyset, claimed in one statement.
  const batchSize = options.batchSize ?? BATCH_SIZE;
  // The first condition lets the (status, created_at) index start at the cursor; the row
  // comparison then orders ties by id.
  const after = cursor
    ? sql`${subscribers.createdAt} >= ${cursor.createdAt}::timestamptz
      and (${subscribers.createdAt}, ${subscribers.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const unclaimed = sql`not exists (select 1 from ${campaignDeliveries}
    where ${campaignDeliveries.campaignId} = ${campaignId}
      and ${campaignDeliveries.subscriberId} = ${subscribers.id})`;
  // Walked in index order and stopped at the batch: a bitmap scan (what the planner picks
  // when it has no statistics, as on the embedded database) reads and sorts every row after
  // the cursor for each batch, 25 times slower at 100,000 subscribers.
  const batch = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return tx
      .select({
        id: subscribers.id,
        email: subscribers.email,
        unsubscribeToken: subscribers.unsubscribeToken,
        createdAt: sql<string>`${subscribers.createdAt}::text`,
      })
      .from(subscribers)
      .where(and(audienceWhere(campaign.audienceTags), after, unclaimed))
      .orderBy(subscribers.createdAt, subscribers.id)
      .limit(batchSize);
  });
  let claimed: Recipient[] = [];
  if (batch.length > 0) {
    const byId = new Map(batch.map((row) => [row.id, row]));
    const rows = await db
      .insert(campaignDeliveries)
      .values(
        batch.map((row) => ({
          campaignId,
          subscriberId: row.id,
          email: row.email,
          claimedBy,
          trackingToken: campaign.isTrackingEnabled ? randomBytes(16).toString("base64url") : null,
        })),
      )
      .onConflictDoNothing()
      .returning({
        deliveryId: campaignDeliveries.id,
        subscriberId: campaignDeliveries.subscriberId,
        email: campaignDeliveries.email,
        trackingToken: campaignDeliveries.trackingToken,
      });
    claimed = rows.map((row) => ({
      ...row,
      unsubscribeToken: byId.get(row.subscriberId)?.unsubscribeToken ?? "",
    }));
  }
  const last = batch.at(-1);
  const nextCursor = last ? { createdAt: last.createdAt, id: last.id } : cursor;

  const recipients = [...orphaned, ...claimed];
  if (recipients.length === 0) {
    if (last) return { outcome: "continue", cursor: nextCursor };
    // The keyset reached the end: look once more over the whole audience (someone confirmed
    // while it was sent, before the cursor) and for deliveries still unconfirmed.
    if (cursor) return { outcome: "continue", cursor: null };
    const [unconfirmed] = await db
      .select({ id: campaignDeliveries.id })
      .from(campaignDeliveries)
      .where(
        and(
          eq(campaignDeliveries.campaignId, campaignId),
          eq(campaignDeliveries.status, "sending"),
        ),
      )
      .limit(1);
    if (unconfirmed) return { outcome: "retry", cursor: null };
    await db
      .update(campaigns)
      .set({ status: "sent", finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(campaigns.id, campaignId));
    log.info(`campaign ${campaign.name} sent`);
    return { outcome: "finished", cursor: null };
  }

  // 3. Send, a pool's worth at a time, at the configured rate.
  const ratePerMinute = options.ratePerMinute ?? sendRatePerMinute();
  const msPerMail = 60_000 / ratePerMinute;
  // A second's worth at a time (at most a group): a slow rate is not sent in bursts.
  const groupSize = Math.max(1, Math.min(GROUP_SIZE, Math.floor(ratePerMinute / 60)));
  const record = env.SMTP_URL ? "failures" : "all";
  for (let start = 0; start < recipients.length; start += groupSize) {
    const group = recipients.slice(start, start + groupSize);
    const startedAt = Date.now();
    const results = await Promise.allSettled(
      group.map((recipient) =>
        sendMail(
          { db, env },
          {
            to: recipient.email,
            ...renderCampaignMail(campaign, {
              publicUrl: env.PUBLIC_URL,
              unsubscribeToken: recipient.unsubscribeToken,
              trackingToken: recipient.trackingToken,
              renderedBody,
            }),
          },
          { record },
        ),
      ),
    );
    const sent: string[] = [];
    const refused: Array<{ id: string; reason: string }> = [];
    let pause: MailDeliveryError | undefined;
    results.forEach((result, index) => {
      const id = group[index].deliveryId;
      if (result.status === "fulfilled") sent.push(id);
      else if (!(result.reason instanceof MailDeliveryError)) throw result.reason;
      else if (isPermanentFailure(result.reason))
        refused.push({ id, reason: result.reason.message.slice(0, 500) });
      else pause = result.reason;
    });
    if (sent.length > 0)
      await db
        .update(campaignDeliveries)
        .set({ status: "sent", sentAt: new Date() })
        .where(inArray(campaignDeliveries.id, sent));
    for (const { id, reason } of refused)
      await db
        .update(campaignDeliveries)
        .set({ status: "failed", error: reason })
        .where(eq(campaignDeliveries.id, id));
    if (pause) {
      // Nothing was handed over for these: release their claims so the retry sends them.
      const handled = new Set([...sent, ...refused.map((item) => item.id)]);
      const release = recipients
        .slice(start)
        .map((recipient) => recipient.deliveryId)
        .filter((id) => !handled.has(id));
      if (release.length > 0)
        await db.delete(campaignDeliveries).where(inArray(campaignDeliveries.id, release));
      log.warn(`campaign ${campaign.name} paused: ${(pause as MailDeliveryError).message}`);
      // The released rows may lie before the cursor: the next runs start from the beginning.
      return { outcome: "retry", cursor: null };
    }
    const wait = group.length * msPerMail - (Date.now() - startedAt);
    if (wait > 0) await sleep(wait);
  }
  return { outcome: "continue", cursor: nextCursor };
}

function parseCursor(value: unknown): SendCursor | null {
  const parsed = z.object({ createdAt: z.string(), id: z.string().uuid() }).safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function sendCampaignJob(payload: Record<string, unknown>, context: JobContext) {
  const campaignId = String(payload.campaignId ?? "");
  const { outcome, cursor } = await runCampaignSend(
    { db: context.db, env: context.env, lease: context.lease },
    campaignId,
    { cursor: parseCursor(payload.cursor) },
  );
  if (outcome === "continue" || outcome === "retry") {
    const runAt = new Date(Date.now() + (outcome === "retry" ? RETRY_AFTER_MS : 0));
    await enqueueJob(context.db, {
      kind: SEND_CAMPAIGN_JOB,
      payload: { campaignId, cursor },
      runAt,
      uniqueKey: `${SEND_CAMPAIGN_JOB}:${campaignId}:${runAt.getTime()}:${randomBytes(4).toString("hex")}`,
      maxAttempts: 20,
    });
  }
}
