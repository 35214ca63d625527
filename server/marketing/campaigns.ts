import { randomBytes } from "node:crypto";
import { and, arrayOverlaps, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "#server/audit/audit.ts";
import { renderMarkdown } from "#server/content/markdown.ts";
import type { Actor } from "#server/content-admin/revisions.ts";
import type { Db } from "#server/db/client.ts";
import { campaignDeliveries, campaigns } from "#server/db/schema/campaigns.ts";
import { insights, subscribers } from "#server/db/schema/content.ts";
import type { Env } from "#server/env.ts";
import { AppError, invalid } from "#server/errors.ts";
import { enqueueJob, type JobContext } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";
import { MailDeliveryError, sendMail } from "#server/mail/mailer.ts";
import { unsubscribeHeaders, unsubscribeUrl } from "#server/newsletter/newsletter.ts";
import {
  campaignFormSchema,
  scheduleSchema,
  testSendSchema,
} from "#shared/content-admin/campaign-form.ts";

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

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL">;

export async function findCampaigns(db: Db) {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.updatedAt)).limit(200);
  const stats = await db
    .select({
      campaignId: campaignDeliveries.campaignId,
      status: campaignDeliveries.status,
      total: count(),
    })
    .from(campaignDeliveries)
    .groupBy(campaignDeliveries.campaignId, campaignDeliveries.status);
  return rows.map((row) => ({
    ...row,
    sent: stats.find((stat) => stat.campaignId === row.id && stat.status === "sent")?.total ?? 0,
    failed:
      stats.find((stat) => stat.campaignId === row.id && stat.status === "failed")?.total ?? 0,
  }));
}

export async function getCampaign(db: Db, id: string) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

function isEditable(status: string) {
  return status === "draft" || status === "scheduled";
}

export async function saveCampaign({
  db,
  id,
  input,
  actor,
  address,
}: {
  db: Db;
  id?: string;
  input: unknown;
  actor: Actor;
  address?: string;
}) {
  const parsed = campaignFormSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  return db.transaction(async (tx) => {
    let recordId = id;
    if (id) {
      const [existing] = await tx
        .select({ status: campaigns.status })
        .from(campaigns)
        .where(eq(campaigns.id, id))
        .for("update");
      if (!existing) throw new AppError("NOT_FOUND", "This campaign no longer exists.");
      if (!isEditable(existing.status))
        throw new AppError(
          "CONFLICT",
          "This campaign has been sent (or is sending) and can no longer be changed.",
        );
      await tx
        .update(campaigns)
        .set({ ...parsed.data, updatedAt: new Date() })
        .where(eq(campaigns.id, id));
    } else {
      const [row] = await tx.insert(campaigns).values(parsed.data).returning({ id: campaigns.id });
      recordId = row.id;
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: id ? "update" : "create",
      area: "campaigns",
      recordId,
      detail: { name: parsed.data.name },
      address,
    });
    return { id: recordId as string };
  });
}

/** Drafts a campaign from a published insight: its title, excerpt and a link to read it. */
export async function createCampaignFromInsight({
  db,
  env,
  insightId,
  actor,
  address,
}: {
  db: Db;
  env: Pick<Env, "PUBLIC_URL">;
  insightId: string;
  actor: Actor;
  address?: string;
}) {
  const [insight] = await db.select().from(insights).where(eq(insights.id, insightId));
  if (insight?.status !== "published")
    throw new AppError("INVALID", "Only a published insight can become a campaign.");
  const link = `${env.PUBLIC_URL}/insights/${insight.slug}`;
  return saveCampaign({
    db,
    actor,
    address,
    input: {
      name: `Insight: ${insight.title}`.slice(0, 120),
      subject: insight.title.slice(0, 150),
      previewText: insight.excerpt.slice(0, 200),
      body: `# ${insight.title}\n\n${insight.excerpt}\n\n[Read the article](${link})\n`,
      audienceTags: "",
    },
  }).then(async (saved) => {
    await db
      .update(campaigns)
      .set({ sourceInsightId: insight.id })
      .where(eq(campaigns.id, saved.id));
    return saved;
  });
}

function absolutize(html: string, publicUrl: string) {
  return html.replace(/(src|href)="\/(?!\/)/g, `$1="${publicUrl}/`);
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The mail one person receives: HTML and text, with their own unsubscribe link and headers. */
export function renderCampaignMail(
  campaign: { subject: string; previewText: string; body: string },
  options: {
    publicUrl: string;
    unsubscribeToken?: string;
    isTest?: boolean;
    trackingToken?: string | null;
  },
) {
  let content = absolutize(renderMarkdown(campaign.body), options.publicUrl);
  if (options.trackingToken) {
    const base = `${options.publicUrl}/newsletter/t/${options.trackingToken}`;
    content = content.replace(
      /href="(https?:\/\/[^"]+)"/g,
      (_match, url: string) =>
        `href="${base}/click?u=${encodeURIComponent(url.replace(/&amp;/g, "&"))}"`,
    );
    content += `<img src="${base}/open" width="1" height="1" alt="" style="display:block;border:0">`;
  }
  const leave = options.unsubscribeToken
    ? unsubscribeUrl(options.publicUrl, options.unsubscribeToken)
    : `${options.publicUrl}/`;
  const html = `<!doctype html><html><body style="margin:0;background:#f4f5f8;font-family:Helvetica,Arial,sans-serif;color:#15161c">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(campaign.previewText)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:32px;font-size:16px;line-height:1.6">${content}</td></tr>
<tr><td style="padding:16px 32px 32px;font-size:12px;color:#6b6f80;border-top:1px solid #e6e8ef">
You receive this because you subscribed to the Digital Frontier newsletter.
<a href="${escapeHtml(leave)}" style="color:#2b59ff">Unsubscribe</a></td></tr>
</table></td></tr></table></body></html>`;
  const text = `${content
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g, "$2 ($1)")
    .replace(/<\/(p|h2|h3|h4|li|blockquote|pre)>/g, "\n\n")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n\n--\nUnsubscribe: ${leave}\n`;
  return {
    subject: options.isTest ? `[Test] ${campaign.subject}` : campaign.subject,
    html,
    text,
    headers: options.unsubscribeToken
      ? unsubscribeHeaders(options.publicUrl, options.unsubscribeToken)
      : undefined,
  };
}

export async function sendTestCampaign({
  db,
  env,
  id,
  input,
  actor,
  address,
}: {
  db: Db;
  env: MailEnv;
  id: string;
  input: unknown;
  actor: Actor;
  address?: string;
}) {
  const parsed = testSendSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error, parsed.error.issues[0].message);
  const campaign = await getCampaign(db, id);
  if (!campaign) throw new AppError("NOT_FOUND", "This campaign no longer exists.");
  const mail = renderCampaignMail(campaign, { publicUrl: env.PUBLIC_URL, isTest: true });
  for (const to of parsed.data.to) {
    try {
      await sendMail({ db, env }, { to, ...mail });
    } catch (error) {
      if (error instanceof MailDeliveryError)
        throw new AppError("UNAVAILABLE", `The test to ${to} could not be sent: ${error.message}`);
      throw error;
    }
  }
  await recordAudit(db, {
    actorId: actor.id,
    action: "test-send",
    area: "campaigns",
    recordId: id,
    detail: { to: parsed.data.to },
    address,
  });
  return parsed.data.to;
}

function audienceWhere(audienceTags: string[]) {
  const confirmed = eq(subscribers.status, "confirmed");
  return audienceTags.length
    ? and(confirmed, arrayOverlaps(subscribers.tags, audienceTags))
    : confirmed;
}

export async function countAudience(db: Db, audienceTags: string[]) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(subscribers)
    .where(audienceWhere(audienceTags));
  return total;
}

/** Queues the sending now or at a time; the job does the rest. */
export async function scheduleCampaign({
  db,
  id,
  input,
  actor,
  address,
}: {
  db: Db;
  id: string;
  input: unknown;
  actor: Actor;
  address?: string;
}) {
  const parsed = scheduleSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error, parsed.error.issues[0].message);
  const sendAt = parsed.data.when === "now" ? new Date() : parsed.data.sendAt;
  if (!sendAt)
    throw new AppError("INVALID", "Choose when to send it.", {
      fieldErrors: { sendAt: ["Choose a date and time."] },
    });
  if (parsed.data.when === "later" && sendAt.getTime() < Date.now() - 60_000)
    throw new AppError("INVALID", "Choose a time in the future.", {
      fieldErrors: { sendAt: ["Choose a time in the future."] },
    });
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
    if (!campaign) throw new AppError("NOT_FOUND", "This campaign no longer exists.");
    if (!isEditable(campaign.status))
      throw new AppError("CONFLICT", "This campaign has already been sent.");
    const audience = await countAudience(tx as unknown as Db, campaign.audienceTags);
    if (audience === 0)
      throw new AppError(
        "INVALID",
        "Nobody is in this audience: no confirmed subscriber has these tags.",
      );
    await tx
      .update(campaigns)
      .set({ status: "scheduled", scheduledAt: sendAt, updatedAt: new Date() })
      .where(eq(campaigns.id, id));
    await enqueueJob(tx as unknown as Db, {
      kind: SEND_CAMPAIGN_JOB,
      payload: { campaignId: id },
      runAt: sendAt,
      uniqueKey: `${SEND_CAMPAIGN_JOB}:${id}:${sendAt.getTime()}`,
      maxAttempts: 20,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "schedule",
      area: "campaigns",
      recordId: id,
      detail: { sendAt, audience },
      address,
    });
    return { sendAt, audience };
  });
}

/** Back to draft before it starts (the queued job then finds nothing to do). */
export async function unscheduleCampaign({
  db,
  id,
  actor,
  address,
}: {
  db: Db;
  id: string;
  actor: Actor;
  address?: string;
}) {
  const rows = await db
    .update(campaigns)
    .set({ status: "draft", scheduledAt: null, updatedAt: new Date() })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, "scheduled")))
    .returning({ id: campaigns.id });
  if (!rows.length)
    throw new AppError(
      "CONFLICT",
      "Only a scheduled campaign that has not started can be stopped.",
    );
  await recordAudit(db, {
    actorId: actor.id,
    action: "unschedule",
    area: "campaigns",
    recordId: id,
    address,
  });
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

/** Sent, failed, unsubscribed after it, and opens and clicks when tracking was on. */
export async function getCampaignReport(db: Db, id: string) {
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${campaignDeliveries.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${campaignDeliveries.status} = 'failed')::int`,
      inFlight: sql<number>`count(*) filter (where ${campaignDeliveries.status} = 'sending')::int`,
      opened: sql<number>`count(${campaignDeliveries.openedAt})::int`,
      clicked: sql<number>`count(${campaignDeliveries.clickedAt})::int`,
      unsubscribed: sql<number>`count(*) filter (where ${subscribers.status} = 'unsubscribed' and ${subscribers.unsubscribedAt} >= ${campaignDeliveries.sentAt})::int`,
    })
    .from(campaignDeliveries)
    .leftJoin(subscribers, eq(subscribers.id, campaignDeliveries.subscriberId))
    .where(eq(campaignDeliveries.campaignId, id));
  return row;
}

/**
 * Records an open or a click of a tracked mail. A click is followed only to a
 * link that is in the campaign itself, so the address cannot be used to send
 * people anywhere else. Returns where to send the reader, or undefined.
 */
export async function recordTrackingEvent(
  db: Db,
  options: { token: string; kind: "open" | "click"; url?: string; publicUrl: string },
) {
  if (!/^[\w-]{10,64}$/.test(options.token)) return undefined;
  const [row] = await db
    .select({ id: campaignDeliveries.id, body: campaigns.body })
    .from(campaignDeliveries)
    .innerJoin(campaigns, eq(campaigns.id, campaignDeliveries.campaignId))
    .where(
      and(
        eq(campaignDeliveries.trackingToken, options.token),
        eq(campaigns.isTrackingEnabled, true),
      ),
    );
  if (!row) return undefined;
  const now = new Date();
  if (options.kind === "open") {
    await db
      .update(campaignDeliveries)
      .set({ openedAt: sql`coalesce(${campaignDeliveries.openedAt}, ${now})` })
      .where(eq(campaignDeliveries.id, row.id));
    return "opened";
  }
  const links = [
    ...absolutize(renderMarkdown(row.body), options.publicUrl).matchAll(
      /href="(https?:\/\/[^"]+)"/g,
    ),
  ].map((match) => match[1].replace(/&amp;/g, "&"));
  if (!options.url || !links.includes(options.url)) return undefined;
  await db
    .update(campaignDeliveries)
    .set({
      clickedAt: sql`coalesce(${campaignDeliveries.clickedAt}, ${now})`,
      openedAt: sql`coalesce(${campaignDeliveries.openedAt}, ${now})`,
    })
    .where(eq(campaignDeliveries.id, row.id));
  return options.url;
}
