import { and, eq, sql } from "drizzle-orm";
import { renderMarkdown } from "#server/content/markdown.ts";
import type { Db } from "#server/db/client.ts";
import { campaignDeliveries, campaigns } from "#server/db/schema/campaigns.ts";
import { absolutize } from "./campaign-mail";

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
    ...absolutize(renderMarkdown(row.body, { isResponsive: false }), options.publicUrl).matchAll(
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
