import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import {
  containsText,
  countedMatches,
  type KeysetSelect,
  type ListQuery,
  type ListResult,
  readKeysetPage,
  sampledEstimate,
  unindexed,
} from "./list-query";

/**
 * A table whose rows belong to a client: projects, proposals, invoices. Each keeps a copy of
 * its client's company (`clientCompanyCopy`), which the database writes.
 */
type ClientOwned = PgTable & { id: AnyPgColumn; clientId: AnyPgColumn; clientCompany: AnyPgColumn };

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
  if (query.q) all.push(await clientOwnedSearch({ db, table, searchColumn, text: query.q }));
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
    // A search is judged, and shown past 10,000, by a sample of the table: the planner
    // misjudges a text search either way (decisions 814, 830), and a narrow one is then
    // read and counted at once (decision 827).
    estimate: query.q
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

/** Up to this many clients found by a search, the rows are matched by their client's id. */
export const FEW_CLIENTS = 100;

/**
 * A list search over client-owned rows: the row's own column or its client's company holds
 * the text. The clients are looked up first, at most FEW_CLIENTS and one more, through the
 * company's trigram index (20,000 companies at ten times):
 * - a few: the rows are those clients' (a list of ids, which the client index serves) or hold
 *   the text themselves, two index scans ORed (decision 732). The row's copy of the company
 *   has a trigram index ten times the size on the invoices, where a phrase whose words every
 *   company holds ("company 0042") took 6.4 ms to look up against 1.6 in the clients';
 * - more: the row's own copy of the company (decision 830), tested first, so that a row its
 *   index found is tested once, not twice. A letter starts a word of 1,251 companies:
 *   their ids, read and sent back twice, cost more than the copy's index (proposals "e").
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
}): Promise<SQL> {
  const found = await db
    .select({ id: clients.id })
    .from(clients)
    .where(containsText(clients.company, text))
    .limit(FEW_CLIENTS + 1);
  const own = containsText(searchColumn, text);
  if (found.length > FEW_CLIENTS) return or(containsText(table.clientCompany, text), own) as SQL;
  if (!found.length) return own;
  return or(
    inArray(
      table.clientId,
      found.map((client) => client.id),
    ),
    own,
  ) as SQL;
}
