import { asc, eq } from "drizzle-orm";
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
  const columns = { id: clients.id, company: clients.company };
  const choices = await db.select(columns).from(clients).orderBy(asc(clients.company)).limit(limit);
  if (linkedId && !choices.some((choice) => choice.id === linkedId)) {
    const linked = await db.select(columns).from(clients).where(eq(clients.id, linkedId));
    choices.push(...linked);
    choices.sort((a, b) => a.company.localeCompare(b.company));
  }
  return choices;
}
