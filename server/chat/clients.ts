import { asc } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";

/** The clients a chat visitor can be linked to, by company name. */
export async function findClientChoices(db: Db, limit = 500) {
  return db
    .select({ id: clients.id, company: clients.company })
    .from(clients)
    .orderBy(asc(clients.company))
    .limit(limit);
}
