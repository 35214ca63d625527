import { like, type SQL, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { clientSorts, findClients } from "#server/clients/clients.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { findInvoices, type InvoiceSort, invoiceSorts } from "#server/invoices/queries.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  countedMatches,
  decodeCursor,
  encodeCursor,
  type KeysetSelect,
  listQueryFrom,
  readKeysetPage,
  unindexed,
} from "./list-query";

it("keeps cursors opaque and refuses what is not one", () => {
  const cursor = { key: "2026-01-01", id: "0b7d6c2e-1c1a-4c8e-9d53-3f1f4e2b7a10" };
  expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  expect(decodeCursor("not a cursor")).toBeUndefined();
  expect(decodeCursor(Buffer.from('["x","1; drop table"]').toString("base64url"))).toBeUndefined();
});

describeEachDatabase("keyset pagination of admin lists", (get) => {
  const invoiceQuery = (search: string) =>
    listQueryFrom(new URL(`http://admin.test/admin/invoices?${search}`), {
      sorts: invoiceSorts,
      defaultSort: "issueDate" as InvoiceSort,
    });

  /** Follows Next from the first page to the last, then Previous back to the first. */
  async function walk(wanted: string, status?: "paid") {
    const { db } = get();
    let search = wanted;
    const forward: string[][] = [];
    search = `pageSize=10&${search}`;
    let page = await findInvoices({ db, query: invoiceQuery(search), status });
    forward.push(page.rows.map((row) => row.number));
    expect(page.previousCursor).toBeUndefined();
    while (page.nextCursor) {
      page = await findInvoices({
        db,
        query: invoiceQuery(`${search}&after=${page.nextCursor}`),
        status,
      });
      forward.push(page.rows.map((row) => row.number));
    }
    const backward: string[][] = [forward.at(-1)!];
    while (page.previousCursor) {
      page = await findInvoices({
        db,
        query: invoiceQuery(`${search}&before=${page.previousCursor}`),
        status,
      });
      backward.unshift(page.rows.map((row) => row.number));
    }
    return { forward, backward, total: page.total };
  }

  it("seeds 95 invoices on 5 issue dates (ties) for 3 clients", async () => {
    const { db } = get();
    await db.execute(sql`
      insert into clients (company) select 'Keyset ' || n from generate_series(1, 3) as n`);
    await db.execute(sql`
      insert into invoices (number, client_id, status, currency, issue_date, due_date, total)
      select 'KS-' || lpad(n::text, 3, '0'), (select id from clients where company = 'Keyset ' || (1 + n % 3)),
             case when n % 4 = 0 then 'paid' else 'sent' end, 'USD',
             date '2026-01-01' + n % 5, date '2026-02-01', 1000 + n % 7
      from generate_series(1, 95) as n`);
  });

  it("pages forward and back through ties without a row lost or repeated", async () => {
    const { forward, backward, total } = await walk("");
    expect(total).toBe(95);
    expect(forward.map((rows) => rows.length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 5]);
    const numbers = forward.flat();
    expect(new Set(numbers).size).toBe(95);
    expect(backward).toEqual(forward);
    // In the list's order: newest issue date first, ties by id, descending.
    const { rows: all } = await findInvoices({ db: get().db, query: invoiceQuery("pageSize=100") });
    expect(numbers).toEqual(all.map((row) => row.number));
  });

  it("keeps the sort, a filter and a search while paging", async () => {
    const byTotal = await walk("sort=total&dir=asc");
    expect(byTotal.forward.flat()).toHaveLength(95);
    expect(new Set(byTotal.forward.flat()).size).toBe(95);
    expect(byTotal.backward).toEqual(byTotal.forward);

    const paid = await walk("", "paid");
    expect(paid.forward.flat()).toHaveLength(23);
    expect(paid.backward).toEqual(paid.forward);

    // The search finds the invoices of "Keyset 2" by its client's name.
    const searched = await walk("q=keyset%202");
    const expected = (
      await findInvoices({ db: get().db, query: invoiceQuery("q=keyset%202&pageSize=100") })
    ).rows;
    expect(searched.forward.flat()).toEqual(expected.map((row) => row.number));
    expect(searched.forward.length).toBeGreaterThan(1);
    expect(searched.backward).toEqual(searched.forward);
  });

  it("pages a search by the client's company in the list's order", async () => {
    // Every KS invoice matches "ks-0": few enough to be read through the search and sorted.
    const searched = await walk("q=ks-0&sort=company&dir=asc");
    const { rows: all } = await findInvoices({
      db: get().db,
      query: invoiceQuery("sort=company&dir=asc&pageSize=100"),
    });
    expect(searched.forward.flat()).toEqual(
      all.filter((row) => row.number.startsWith("KS-")).map((row) => row.number),
    );
    expect(searched.forward.flat()).toHaveLength(95);
    expect(searched.backward).toEqual(searched.forward);
  });

  it("reads a filter's few matches and sorts them, but walks the sort's order for many (decision 804)", async () => {
    const { db } = get();
    const read = async (where: SQL, narrowRows: number) => {
      const select = db
        .select({ id: invoices.id, sortKey: sql<string>`${invoices.issueDate}::text` })
        .from(invoices)
        .$dynamic();
      const page = await readKeysetPage({
        db,
        query: { page: 1, pageSize: 5, after: undefined, before: undefined },
        sort: invoices.issueDate,
        sortWhenNarrow: unindexed(invoices.issueDate),
        narrowRows,
        id: invoices.id,
        dir: "desc",
        where,
        count: db.select({ one: sql`1` }).from(invoices).where(where),
        select,
      });
      // The page's query as it was read: ordered by the sort, or by the expression no index has.
      return { page, order: select.toSQL().sql.split(" order by ")[1] };
    };
    // KS-001 … KS-009: 9 matches, under 50, counted first and then read and sorted.
    const few = await read(like(invoices.number, "KS-00%"), 50);
    expect(few.order).toMatch(/^coalesce/);
    expect(few.page).toMatchObject({ total: 9, totalIsEstimate: false });
    // All 95: over 50, the sort's own order (its index) is walked.
    const many = await read(like(invoices.number, "KS-%"), 50);
    expect(many.order).not.toMatch(/coalesce/);
    expect(many.page).toMatchObject({ total: 95, totalIsEstimate: false });
    // Either way, the same rows in the same order.
    const walked = await read(like(invoices.number, "KS-00%"), 0);
    expect(walked.order).not.toMatch(/coalesce/);
    expect(few.page.rows).toEqual(walked.page.rows);
    expect(few.page.nextCursor).toEqual(walked.page.nextCursor);
  });

  it("reads a sampled narrow filter's matches through its indexes, counting them as it reads (decision 827)", async () => {
    const { db } = get();
    const where = like(invoices.number, "KS-00%");
    const page = await readKeysetPage({
      db,
      query: { page: 1, pageSize: 5, after: undefined, before: undefined },
      sort: invoices.issueDate,
      sortWhenNarrow: unindexed(invoices.issueDate),
      // The list's own estimate (a sample's, in the lists): 9 matches, narrow.
      estimate: async () => 9,
      id: invoices.id,
      dir: "desc",
      where,
      count: db.select({ one: sql`1` }).from(invoices).where(where),
      select: db
        .select({ id: invoices.id, sortKey: sql<string>`${invoices.issueDate}::text` })
        .from(invoices)
        .$dynamic(),
      // What the read's own session says of sequential scans, beside each row.
      selectCounting: (reader) =>
        reader
          .select({
            id: invoices.id,
            sortKey: sql<string>`${invoices.issueDate}::text`,
            seqScan: sql<string>`current_setting('enable_seqscan')`,
            matches: countedMatches(),
          })
          .from(invoices)
          .$dynamic() as unknown as KeysetSelect,
    });
    expect(page).toMatchObject({ total: 9, totalIsEstimate: false });
    expect(page.rows).toHaveLength(5);
    expect(page.rows.map((row) => (row as { seqScan?: string }).seqScan)).toEqual(
      Array(5).fill("off"),
    );
    // Only that read: the session's setting is back for the next query.
    const after = await db.execute(sql`select current_setting('enable_seqscan') as value`);
    expect((after.rows[0] as { value: string }).value).toBe("on");
  });

  it("says 'about' the planner's estimate past 10,000 rows, exact below", async () => {
    const { db } = get();
    const clientQuery = (search: string) =>
      listQueryFrom(new URL(`http://admin.test/admin/clients?${search}`), {
        sorts: clientSorts,
        defaultSort: "company",
        defaultDir: "asc",
      });
    const few = await findClients({ db, query: clientQuery("") });
    expect(few).toMatchObject({ total: 3, totalIsEstimate: false });
    await db.execute(sql`
      insert into clients (company) select 'Many ' || n from generate_series(1, 12000) as n`);
    await db.execute(sql`analyze clients`);
    const many = await findClients({ db, query: clientQuery("") });
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThan(10_000);
    expect(many.total).toBeLessThan(15_000);
    const searched = await findClients({ db, query: clientQuery("q=many%20119") });
    expect(searched).toMatchObject({ total: 111, totalIsEstimate: false });
  });

  it("counts a first page that holds every row by its rows, reading nothing more", async () => {
    const { db } = get();
    const read = (pageSize: number) =>
      readKeysetPage({
        db,
        query: { page: 1, pageSize, after: undefined, before: undefined },
        sort: invoices.number,
        id: invoices.id,
        dir: "asc",
        where: undefined,
        // Counting this would fail: only a page with a row past it may ask for the count.
        count: sql`select 1 from a_table_that_is_not_there`,
        select: db.select({ id: invoices.id, sortKey: invoices.number }).from(invoices).$dynamic(),
      });
    const all = await read(1000);
    expect(all).toMatchObject({ total: 95, totalIsEstimate: false, nextCursor: undefined });
    await expect(read(10)).rejects.toThrow();
  });
});
