import { and, eq } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { Actor } from "#server/content-admin/revisions.ts";
import type { Db } from "#server/db/client.ts";
import { campaigns } from "#server/db/schema/campaigns.ts";
import { AppError, invalid } from "#server/errors.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { scheduleSchema } from "#shared/content-admin/campaign-form.ts";
import { countAudience } from "./campaign-audience";
import { isEditable } from "./campaign-editing";
import { SEND_CAMPAIGN_JOB } from "./campaign-sending";

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
