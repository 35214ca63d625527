import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import {
  containsText,
  countedMatches,
  isAnyOf,
  type KeysetSelect,
  type ListQuery,
  type ListResult,
  readKeysetPage,
  sampledEstimate,
  unindexed,
} from "./list-query";

/** A table whose rows belong to a client: projects, proposals, invoices. */
type ClientOwned = PgTable & { id: AnyPgColumn; clientId: AnyPgColumn };

/**
 * One page of a client-owned table, each row joined to its client, and how many rows match
 * in all: what the projects, proposals and invoices lists show. The search looks in the
 * row's own `searchColumn` and the client's company; `clientId` narrows to one client.
 * `sortColumns` are the table's own; "company" sorts by the client's.
 *
 * The page is found first, as ids (joined to the clients only to sort by company), then its
 * rows are read with their clients: a search is read through its indexes and sorted when it
 * matches few rows (readKeysetPage's sortWhenNarrow), and joined before its limit the planner
 * hashed every client to join 111 proposals (decision 804).
 */
export async function findClientOwnedPage<Fields extends SelectedFields, Sort extends string>({
  db,
  table,
  fields,
  searchColumn,
  sortColumns,
  query,
  clientId,
  conditions = [],
}: {
  db: Db;
  table: ClientOwned;
  fields: Fields & { id: AnyPgColumn };
  searchColumn: AnyPgColumn;
  sortColumns: Record<Exclude<Sort, "company">, AnyPgColumn | SQL>;
  query: ListQuery<Sort>;
  clientId?: string;
  /** The list's own filters, such as its status: on the table's own columns. */
  conditions?: SQL[];
}): Promise<ListResult<SelectResultFields<Fields>>> {
  const all = [...conditions];
  if (clientId) all.push(eq(table.clientId, clientId));
  const search = query.q
    ? await clientOwnedSearch({ db, table, searchColumn, text: query.q })
    : undefined;
  if (search) all.push(search.condition);
  const where = all.length ? and(...all) : undefined;
  const joined = eq(clients.id, table.clientId);
  const sortsByClient = query.sort === "company";
  const sortColumn: AnyPgColumn | SQL = sortsByClient
    ? sql`lower(${clients.company})`
    : sortColumns[query.sort as Exclude<Sort, "company">];
  const ids = (fields: SelectedFields, reader: Db | Tx = db) => {
    const read = reader.select(fields).from(table).$dynamic();
    return (sortsByClient ? read.innerJoin(clients, joined) : read) as unknown as KeysetSelect;
  };
  const keyed = { id: table.id, sortKey: sql<string | null>`${sortColumn}::text` };
  const page = await readKeysetPage({
    db,
    query,
    sort: sortColumn,
    // The same order through an expression no index provides: read the matches, then sort.
    sortWhenNarrow: query.q ? unindexed(sortColumn) : undefined,
    // A search that matches most clients is one the planner takes for half the table: judged,
    // and shown past 10,000, by a sample of the table instead (decision 814).
    estimate: search?.isWide
      ? () => sampledEstimate(db, table, { cheap: where, exact: undefined, enough: 0 })
      : undefined,
    // That sample tries the list's own filter: past 10,000 it is what the list says, and
    // counting 10,000 of one match in sixteen read 170,000 invoices (decision 826).
    isEstimateShown: true,
    id: table.id,
    dir: query.dir,
    where,
    // Every row has its client (a required reference), so the count needs no join.
    count: db.select({ one: sql`1` }).from(table).where(where),
    select: ids(keyed),
    selectCounting: (reader) => ids({ ...keyed, matches: countedMatches() }, reader),
  });
  const pageIds = page.rows.map((row) => row.id);
  const rows = pageIds.length
    ? await db
        .select(fields as SelectedFields)
        .from(table)
        .innerJoin(clients, joined)
        .where(inArray(table.id, pageIds))
    : [];
  const byId = new Map(rows.map((row) => [(row as { id: string }).id, row]));
  // Every field is a column or SQL of the table or of its (inner-joined, never null) client;
  // a row removed between the two reads is left out.
  return {
    ...page,
    rows: pageIds.flatMap((id) => byId.get(id) ?? []) as SelectResultFields<Fields>[],
  };
}

/**
 * A list search over client-owned rows: the row's own column or its client's company holds
 * the text. The clients whose company matches are found first (through the company's trigram
 * index); with the row's own trigram index and its client index, the planner ORs two index
 * scans instead of reading every row (decision 732), and a short text that matches most
 * clients is one hashed lookup a row (isAnyOf, decisions 814, 827).
 */
export async function clientOwnedSearch({
  db,
  table,
  searchColumn,
  text,
}: {
  db: Db;
  table: ClientOwned;
  searchColumn: AnyPgColumn;
  text: string;
}): Promise<{ condition: SQL; isWide: boolean }> {
  const matchingClients = await isAnyOf(db, table.clientId, () =>
    db
      .select({ id: clients.id })
      .from(clients)
      .where(containsText(clients.company, text))
      .$dynamic(),
  );
  return {
    condition: or(containsText(searchColumn, text), matchingClients.condition) as SQL,
    isWide: matchingClients.isWide,
  };
}
