import { and, arrayOverlaps, count, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { subscribers } from "#server/db/schema/content.ts";

export function audienceWhere(audienceTags: string[]) {
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
