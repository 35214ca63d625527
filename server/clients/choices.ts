import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { containsText } from "#server/business/list-query.ts";
import type { Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";

export type ClientChoice = { id: string; company: string; currency: string };

/** How many clients a form lists as a menu; past it, the form searches (decision 807). */
export const CLIENT_MENU_LIMIT = 500;

/** How many matches a search of the clients answers with. */
export const CLIENT_SEARCH_LIMIT = 20;

/** The longest search text taken; a company name is rarely longer. */
export const CLIENT_SEARCH_MAX = 100;

const byName = [asc(sql`lower(${clients.company})`), asc(clients.id)];
const choiceColumns = { id: clients.id, company: clients.company, currency: clients.currency };

/**
 * The clients a form can choose from, by company name: every one when there are at most
 * `limit` (`complete`), else the first `limit`, and in both cases the `selectedId` one
 * wherever it sorts, so a form never shows its record's client as unchosen.
 */
export async function findClientChoices(
  db: Db,
  { selectedId, limit = CLIENT_MENU_LIMIT }: { selectedId?: string | null; limit?: number } = {},
): Promise<{ choices: ClientChoice[]; complete: boolean }> {
  const first = db
    .select({ id: clients.id })
    .from(clients)
    .orderBy(...byName)
    .limit(limit + 1);
  const rows = await db
    .select({ ...choiceColumns, within: inArray(clients.id, first).mapWith(Boolean) })
    .from(clients)
    .where(
      selectedId
        ? or(inArray(clients.id, first), eq(clients.id, selectedId))
        : inArray(clients.id, first),
    )
    .orderBy(...byName);
  const within = rows.filter((row) => row.within);
  const complete = within.length <= limit;
  // One more than the limit was read to learn whether there are more; it is not listed
  // unless it is the chosen one.
  const extra = complete ? undefined : within[within.length - 1];
  return {
    choices: rows
      .filter((row) => row !== extra || row.id === selectedId)
      .map(({ within: _within, ...choice }) => choice),
    complete,
  };
}

/** The clients whose company name holds the text, by name, at most `limit`. */
export async function searchClientChoices(
  db: Db,
  { search, limit = CLIENT_SEARCH_LIMIT }: { search: string; limit?: number },
): Promise<ClientChoice[]> {
  const text = search.trim().slice(0, CLIENT_SEARCH_MAX);
  return db
    .select(choiceColumns)
    .from(clients)
    .where(text ? containsText(clients.company, text) : undefined)
    .orderBy(...byName)
    .limit(limit);
}
