import { asc, eq, sql } from "drizzle-orm";
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
  // One more than the limit says whether that is every client.
  const first = await db
    .select(choiceColumns)
    .from(clients)
    .orderBy(...byName)
    .limit(limit + 1);
  const choices = first.slice(0, limit);
  if (selectedId && !choices.some((choice) => choice.id === selectedId)) {
    // Not among the first by name: it sorts after every one of them.
    const [selected] = await db
      .select(choiceColumns)
      .from(clients)
      .where(eq(clients.id, selectedId));
    if (selected) choices.push(selected);
  }
  return { choices, complete: first.length <= limit };
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
