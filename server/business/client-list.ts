import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import {
  containsText,
  isAnyOf,
  type KeysetSelect,
  type ListQuery,
  type ListResult,
  readKeysetPage,
} from "./list-query";

/** A table whose rows belong to a client: projects, proposals, invoices. */
type ClientOwned = PgTable & { id: AnyPgColumn; clientId: AnyPgColumn };

/**
 * One page of a client-owned table, each row joined to its client, and how many rows match
 * in all: what the projects, proposals and invoices lists show. The search looks in the
 * row's own `searchColumn` and the client's company; `clientId` narrows to one client.
 */
export async function findClientOwnedPage<Fields extends SelectedFields>({
  db,
  table,
  fields,
  searchColumn,
  sortColumn,
  query,
  clientId,
  conditions = [],
}: {
  db: Db;
  table: ClientOwned;
  fields: Fields;
  searchColumn: AnyPgColumn;
  sortColumn: AnyPgColumn | SQL;
  query: ListQuery;
  clientId?: string;
  /** The list's own filters, such as its status: on the table's own columns. */
  conditions?: SQL[];
}): Promise<ListResult<SelectResultFields<Fields>>> {
  const all = [...conditions];
  if (clientId) all.push(eq(table.clientId, clientId));
  if (query.q) all.push(clientOwnedSearch({ db, table, searchColumn, text: query.q }));
  const where = all.length ? and(...all) : undefined;
  const joined = eq(clients.id, table.clientId);
  const page = await readKeysetPage({
    db,
    query,
    sort: sortColumn,
    id: table.id,
    dir: query.dir,
    where,
    // Every row has its client (a required reference), so the count needs no join.
    count: db.select({ one: sql`1` }).from(table).where(where),
    select: db
      .select({
        ...(fields as SelectedFields),
        sortKey: sql<string | null>`${sortColumn}::text`,
      })
      .from(table)
      .innerJoin(clients, joined)
      .$dynamic() as unknown as KeysetSelect,
  });
  // Every field is a column or SQL of the table or of its (inner-joined, never null) client.
  return { ...page, rows: page.rows as SelectResultFields<Fields>[] };
}

/**
 * A list search over client-owned rows: the row's own column or its client's company holds
 * the text. The clients whose company matches are found once (through the company's trigram
 * index); with the row's own trigram index and its client index, the planner ORs two index
 * scans instead of reading every row (decision 732).
 */
export function clientOwnedSearch({
  db,
  table,
  searchColumn,
  text,
}: {
  db: Db;
  table: ClientOwned;
  searchColumn: AnyPgColumn;
  text: string;
}): SQL {
  const matchingClients = db
    .select({ id: clients.id })
    .from(clients)
    .where(containsText(clients.company, text));
  return or(containsText(searchColumn, text), isAnyOf(table.clientId, matchingClients)) as SQL;
}
