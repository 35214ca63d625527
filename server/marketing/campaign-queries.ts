import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { campaignDeliveries, campaigns } from "#server/db/schema/campaigns.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { jobs } from "#server/db/schema/jobs.ts";

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
 * What the send is waiting on, from its latest job: "paused" while it waits to retry
 * (the mail server could not be reached), "failed" when the job gave up; otherwise null.
 */
export async function getCampaignSendProblem(
  db: Db,
  campaignId: string,
): Promise<"paused" | "failed" | null> {
  const [latest] = await db
    .select({ status: jobs.status, runAt: jobs.runAt, lastError: jobs.lastError })
    .from(jobs)
    // "campaign.send" is SEND_CAMPAIGN_JOB (campaign-sending.ts imports this file: no import back).
    .where(and(eq(jobs.kind, "campaign.send"), sql`${jobs.payload}->>'campaignId' = ${campaignId}`))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  if (!latest) return null;
  if (latest.status === "failed") return "failed";
  if (latest.status === "pending" && latest.runAt.getTime() > Date.now()) return "paused";
  return null;
}
