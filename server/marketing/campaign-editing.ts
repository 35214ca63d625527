import { eq } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { Actor } from "#server/content-admin/revisions.ts";
import type { Db } from "#server/db/client.ts";
import { campaigns } from "#server/db/schema/campaigns.ts";
import { insights } from "#server/db/schema/content.ts";
import type { Env } from "#server/env.ts";
import { AppError, invalid } from "#server/errors.ts";
import { campaignFormSchema } from "#shared/content-admin/campaign-form.ts";

export function isEditable(status: string) {
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
