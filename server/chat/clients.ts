import { asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";

/**
 * The clients a chat visitor can be linked to, by company name: the first `limit`, and the
 * one the conversation is linked to wherever it sorts, so the form never shows a linked
 * conversation as unlinked.
 */
export async function findClientChoices(
  db: Db,
  { linkedId, limit = 500 }: { linkedId?: string | null; limit?: number } = {},
) {
  const first = db
    .select({ id: clients.id })
    .from(clients)
    .orderBy(asc(clients.company))
    .limit(limit);
  return db
    .select({ id: clients.id, company: clients.company })
    .from(clients)
    .where(
      linkedId
        ? or(inArray(clients.id, first), eq(clients.id, linkedId))
        : inArray(clients.id, first),
    )
    .orderBy(asc(clients.company));
}
