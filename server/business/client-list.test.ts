import { and, eq, like, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { clients as clientsTable } from "#server/db/schema/clients.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { createInvoice } from "#server/invoices/editing.ts";
import { findInvoices } from "#server/invoices/queries.ts";
import { createProject, findProjects } from "#server/projects/projects.ts";
import { findProposals } from "#server/proposals/queries.ts";
import {
  invoiceInput,
  makeClient,
  makeProposal,
  staff,
  uniqueSuffix,
} from "#tests/helpers/business.ts";
import { describeEachDatabase, explain } from "#tests/helpers/db.ts";
import { clientOwnedSearch, FEW_CLIENTS } from "./client-list";
import { EXACT_COUNT_LIMIT, type ListQuery } from "./list-query";

/** Clients matched by one search: more than a list of their ids was once written for (827). */
const MANY_CLIENTS = 1_001;

/** The invoices list's search for `text`: its condition. */
const invoiceSearch = (db: Db, text: string) =>
  clientOwnedSearch({ db, table: invoices, searchColumn: invoices.number, text });

/** The plan of reading the invoices that search finds. */
const invoiceSearchPlan = async (db: Db, text: string) =>
  explain(
    db,
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(await invoiceSearch(db, text)),
  );

/**
 * `clients` clients named "`company` 00001" onwards, each with `each` invoices numbered after
 * the client ("WIDE … 00042-1"), issued on one of 300 days.
 */
async function clientsWithInvoices(
  db: Db,
  { company, clients, each }: { company: string; clients: number; each: number },
) {
  await db.execute(sql`
    insert into clients (company) select ${`${company} `} || lpad(n::text, 5, '0')
    from generate_series(1, ${clients}::int) as n`);
  await db.execute(sql`
    insert into invoices (number, client_id, status, currency, issue_date, due_date,
      subtotal, tax_total, total, amount_paid)
    select upper(c.company) || '-' || n, c.id, 'sent', 'USD', date '2024-01-01' + (c.k::int % 300),
           date '2024-02-01', 100, 0, 100, 0
    from (select id, company, row_number() over (order by company) as k from clients
          where company like ${`${company} %`}) as c, generate_series(1, ${each}::int) as n`);
}

/** The database, and the statements sent through its `execute` (the counts and samples). */
function watchingStatements(db: Db) {
  const statements: string[] = [];
  const dialect = new PgDialect();
  const watched = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "execute") return Reflect.get(target, key, receiver);
      return (query: SQL) => {
        statements.push(dialect.sqlToQuery(query).sql);
        return target.execute(query);
      };
    },
  });
  return { watched, statements };
}

/** A statement counting a list's matches up to the exact count's limit (cheapCount). */
const countsMatches = (text: string) => /as n from \(\(select 1/.test(text);

// The shared page query behind the projects, proposals and invoices lists, seen through
// the projects list.
describeEachDatabase("lists of client-owned rows", (get) => {
  it("searches the row and its client, narrows to a client, sorts and pages without overlap", async () => {
    const { db } = get();
    const tag = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const acme = await makeClient(db, { company: `Acme ${tag}` });
    const globex = await makeClient(db, { company: `Globex ${tag}` });
    const project = (clientId: string, name: string) =>
      createProject({
        db,
        actor: staff,
        input: {
          name,
          clientId,
          proposalId: null,
          status: "active",
          startDate: null,
          dueDate: null,
          budgetAmount: 0,
          currency: "USD",
          teamMembers: [],
          milestones: [],
        },
      });
    await project(acme.id, `Portal ${tag} a`);
    await project(acme.id, `Portal ${tag} b`);
    await project(globex.id, `App ${tag}`);
    await project(globex.id, `Growth 100% ${tag}`);
    const query = (overrides: Partial<ListQuery<"name" | "company">>) => ({
      q: tag,
      page: 1,
      pageSize: 25,
      sort: "name" as const,
      dir: "asc" as const,
      ...overrides,
    });
    const names = async (overrides: Partial<ListQuery<"name" | "company">>, clientId?: string) =>
      (await findProjects({ db, query: query(overrides), clientId })).rows.map((row) => row.name);

    expect(await names({})).toEqual([
      `App ${tag}`,
      `Growth 100% ${tag}`,
      `Portal ${tag} a`,
      `Portal ${tag} b`,
    ]);
    // The client's company is searched too, and a % typed by staff is a plain character.
    expect(await names({ q: `acme ${tag}` })).toEqual([`Portal ${tag} a`, `Portal ${tag} b`]);
    expect(await names({ q: `0% ${tag}` })).toEqual([`Growth 100% ${tag}`]);
    expect(await names({ q: `% ${tag}` })).toEqual([`Growth 100% ${tag}`]);
    expect(await names({}, globex.id)).toEqual([`App ${tag}`, `Growth 100% ${tag}`]);

    const first = await findProjects({
      db,
      query: query({ pageSize: 10, sort: "company", dir: "desc" }),
    });
    expect(first.total).toBe(4);
    expect(first.rows.map((row) => row.company)).toEqual([
      `Globex ${tag}`,
      `Globex ${tag}`,
      `Acme ${tag}`,
      `Acme ${tag}`,
    ]);
    const pages = await Promise.all(
      [1, 2].map((page) => findProjects({ db, query: { ...query({ page }), pageSize: 2 } })),
    );
    expect(pages.map((page) => page.total)).toEqual([4, 4]);
    expect(pages.flatMap((page) => page.rows.map((row) => row.name))).toEqual(await names({}));
  });

  it("searches by index, not by reading every row (decision 732)", async () => {
    const { db } = get();
    // 1,000 clients with ten invoices each, as a command center has after a few years.
    await db.execute(sql`
      insert into clients (company) select 'Indexed ' || lpad(n::text, 4, '0') || ' Ltd'
      from generate_series(1, 1000) as n`);
    await db.execute(sql`
      insert into invoices (number, client_id, status, currency, issue_date, due_date,
                            subtotal, tax_total, total, amount_paid)
      select 'IDX-' || lpad(k::text, 5, '0') || '-' || n, c.id, 'sent', 'USD',
             date '2024-01-01' + k::int, date '2024-02-01' + k::int, 100, 0, 100, 0
      from (select id, row_number() over (order by company) as k from clients
            where company like 'Indexed %') as c, generate_series(1, 10) as n`);
    await db.execute(sql`analyze clients`);
    await db.execute(sql`analyze invoices`);

    const plan = await invoiceSearchPlan(db, "indexed 0042");
    // The invoice number's trigram index and the client index, ORed: no scan of every invoice.
    expect(plan).toContain("invoices_number_search_idx");
    expect(plan).toContain("invoices_client_idx");
    expect(plan).not.toContain("Seq Scan on invoices");
    const found = await db
      .select({ number: invoices.number })
      .from(invoices)
      .where(await invoiceSearch(db, "0042-1"));
    expect(found.map((row) => row.number).sort()).toEqual(["IDX-00042-1", "IDX-00042-10"]);

    // More clients than FEW_CLIENTS: the rows' own copy of the company, through its trigram
    // index, not a list of ids (decision 830).
    await clientsWithInvoices(db, { company: "Manyco", clients: FEW_CLIENTS + 1, each: 1 });
    await db.execute(sql`analyze invoices`);
    const many = await invoiceSearchPlan(db, "manyco");
    expect(many).toContain("invoices_client_company_search_idx");
    expect(many).not.toContain("invoices_client_idx");
    expect(many).not.toContain("Seq Scan on invoices");
    expect(
      await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(await invoiceSearch(db, "manyco")),
    ).toHaveLength(FEW_CLIENTS + 1);

    // One or two characters are the start of a word, which the same index finds (decision
    // 826); "%xz%" has no trigram, and was a read of every invoice.
    const short = await invoiceSearchPlan(db, "xz");
    expect(short).toContain("invoices_number_search_idx");
    expect(short).not.toContain("Seq Scan on invoices");
  });

  it("takes one or two characters as the start of a word, and more anywhere (decision 826)", async () => {
    const { db } = get();
    const tag = `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const company = (name: string) => makeClient(db, { company: `${name} ${tag}` });
    const clients = {
      starts: await company("Zqa Foods"),
      word: await company("Blue Zqb"),
      inside: await company("Azq Corp"),
      other: await company("Plain"),
      marks: await company("C++ (Labs) .io"),
    };
    const invoiceOf = (clientId: string, number: string) =>
      db.execute(sql`
        insert into invoices (number, client_id, status, currency, issue_date, due_date,
          subtotal, tax_total, total, amount_paid)
        values (${number}, ${clientId}, 'sent', 'USD', date '2024-01-01', date '2024-02-01',
          100, 0, 100, 0)`);
    for (const [name, client] of Object.entries(clients))
      await invoiceOf(client.id, `${name}-${tag}`);
    // The invoices of this test the search finds, by their client's company.
    const companies = async (text: string) => {
      const condition = await invoiceSearch(db, text);
      const rows = await db
        .select({ company: clientsTable.company })
        .from(invoices)
        .innerJoin(clientsTable, eq(clientsTable.id, invoices.clientId))
        .where(and(condition, like(invoices.number, `%-${tag}`)));
      return rows.map((row) => row.company).sort();
    };

    expect(await companies("zq")).toEqual([`Blue Zqb ${tag}`, `Zqa Foods ${tag}`]);
    expect(await companies("Z")).toEqual([`Blue Zqb ${tag}`, `Zqa Foods ${tag}`]);
    // Three characters or more are found anywhere, inside a word too.
    expect(await companies("zqa")).toEqual([`Zqa Foods ${tag}`]);
    expect(await companies("azq")).toEqual([`Azq Corp ${tag}`]);
    // The row's own text is searched the same way: only "inside-…" starts with "in".
    expect(await companies("in")).toEqual([`Azq Corp ${tag}`]);
    expect(await companies("nsi")).toEqual([`Azq Corp ${tag}`]);
    // A mark is taken as itself, never as a pattern's.
    expect(await companies("c+")).toEqual([`C++ (Labs) .io ${tag}`]);
    expect(await companies("(l")).toEqual([`C++ (Labs) .io ${tag}`]);
    expect(await companies(".i")).toEqual([`C++ (Labs) .io ${tag}`]);
    expect(await companies(".")).toEqual([`C++ (Labs) .io ${tag}`]);
    expect(await companies("+")).toEqual([]);
  });
});

describeEachDatabase("a search that matches many clients (decisions 814, 827, 830)", (get) => {
  it("finds the rows of every client whose company matches, and the rows' own text", async () => {
    const { db } = get();
    const tag = `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // More clients than a list of their ids was once written for, each with an invoice, and
    // one invoice whose own number holds the text while its client's company does not.
    await clientsWithInvoices(db, { company: `Wide ${tag}`, clients: MANY_CLIENTS, each: 1 });
    const other = await makeClient(db, { company: `Elsewhere ${tag}` });
    await db.execute(sql`
      insert into invoices (number, client_id, status, currency, issue_date, due_date,
        subtotal, tax_total, total, amount_paid)
      values (${`OWN-${tag}`}, ${other.id}, 'sent', 'USD', date '2024-01-01', date '2024-02-01',
        100, 0, 100, 0)`);
    const numbers = async (text: string) =>
      (
        await db
          .select({ number: invoices.number })
          .from(invoices)
          .where(await invoiceSearch(db, text))
      ).map((row) => row.number);

    expect(await numbers(`wide ${tag}`)).toHaveLength(MANY_CLIENTS);
    const listed = await findInvoices({
      db,
      query: { q: `wide ${tag}`, page: 1, pageSize: 25, sort: "issueDate", dir: "desc" },
    });
    expect(listed.rows).toHaveLength(25);
    expect(listed.total).toBe(MANY_CLIENTS);
    expect(await numbers(`wide ${tag} 00042`)).toEqual([`WIDE ${tag.toUpperCase()} 00042-1`]);
    expect(await numbers(`own-${tag}`)).toEqual([`OWN-${tag}`]);
  });

  it("says about how many past 10,000 from its sample, without counting them (decision 826)", async () => {
    const { db } = get();
    const tag = `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // 1,001 clients with 15 invoices each: a search past the exact count's limit.
    await clientsWithInvoices(db, { company: `Many ${tag}`, clients: MANY_CLIENTS, each: 15 });
    await db.execute(sql`analyze invoices`);
    const { watched, statements } = watchingStatements(db);
    const listed = await findInvoices({
      db: watched,
      query: { q: `many ${tag}`, page: 1, pageSize: 25, sort: "issueDate", dir: "desc" },
    });
    expect(listed.rows).toHaveLength(25);
    expect(listed.totalIsEstimate).toBe(true);
    expect(listed.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // The sample was read; 10,001 matches were not counted one by one.
    expect(statements.some((text) => text.includes("tablesample"))).toBe(true);
    expect(statements.filter(countsMatches)).toEqual([]);
    // The clients were not read first to match their ids (decision 830).
    expect(statements.filter((text) => text.includes('"clients"'))).toEqual([]);
  });

  it("counts a narrow search's matches in the read that sorts them (decision 827)", async () => {
    const { db } = get();
    const tag = `n${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // 1,001 clients with one invoice each: few enough rows to read them all and sort them.
    await clientsWithInvoices(db, { company: `Few ${tag}`, clients: MANY_CLIENTS, each: 1 });
    const { watched, statements } = watchingStatements(db);
    const list = (page: number) =>
      findInvoices({
        db: watched,
        query: { q: `few ${tag}`, page, pageSize: 25, sort: "issueDate", dir: "desc" },
      });

    const first = await list(1);
    expect(first.rows).toHaveLength(25);
    expect(first).toMatchObject({ total: MANY_CLIENTS, totalIsEstimate: false });
    expect(statements.some((text) => text.includes("tablesample"))).toBe(true);
    expect(statements.filter(countsMatches)).toEqual([]);
    // The rows are the newest matches, in the list's order.
    const dates = first.rows.map((row) => String(row.issueDate));
    expect(dates).toEqual([...dates].sort().reverse());
    // An old address's last page (an offset) counts the same way.
    const last = await list(41);
    expect(last.rows).toHaveLength(1);
    expect(last.total).toBe(MANY_CLIENTS);
    expect(statements.filter(countsMatches)).toEqual([]);
    // A page past the last match has no row to say it: the matches are counted.
    const past = await list(100);
    expect(past.total).toBe(MANY_CLIENTS);
    expect(statements.filter(countsMatches)).toHaveLength(1);
  });
});

describeEachDatabase("each row's copy of its client's company (decision 830)", (get) => {
  it("is written with the row, follows the client's new company and a move to another client", async () => {
    const { db } = get();
    const tag = `c${uniqueSuffix()}`;
    const client = await makeClient(db, { company: `Oldname ${tag}` });
    const other = await makeClient(db, { company: `Othername ${tag}` });
    const invoice = await createInvoice({ db, actor: staff, input: invoiceInput(client.id) });
    const proposal = await makeProposal(db, client.id, { title: `Plan ${tag}` });
    await db.execute(sql`
      insert into projects (onboarding_id, name, client_id, currency)
      values (${`ob-${tag}`}, ${`Build ${tag}`}, ${client.id}, 'USD')`);
    const copies = async () => {
      const read = await db.execute(sql`
        select 'invoice' as kind, client_company as company from invoices where client_id in (${client.id}, ${other.id})
        union all select 'proposal', client_company from proposals where client_id in (${client.id}, ${other.id})
        union all select 'project', client_company from projects where client_id in (${client.id}, ${other.id})
        order by kind`);
      return read.rows as Array<{ kind: string; company: string }>;
    };
    expect(await copies()).toEqual([
      { kind: "invoice", company: `Oldname ${tag}` },
      { kind: "project", company: `Oldname ${tag}` },
      { kind: "proposal", company: `Oldname ${tag}` },
    ]);

    // The client's new company reaches its rows (which a search past FEW_CLIENTS reads), and
    // the lists find them by it alone.
    await db
      .update(clientsTable)
      .set({ company: `Newname ${tag}` })
      .where(eq(clientsTable.id, client.id));
    expect((await copies()).map((row) => row.company)).toEqual(Array(3).fill(`Newname ${tag}`));
    const listQuery = (q: string) => ({
      q,
      page: 1,
      pageSize: 25,
      sort: "createdAt" as const,
      dir: "desc" as const,
    });
    expect((await findProposals({ db, query: listQuery(`newname ${tag}`) })).rows).toHaveLength(1);
    expect((await findProposals({ db, query: listQuery(`oldname ${tag}`) })).rows).toEqual([]);
    expect(
      (await findInvoices({ db, query: { ...listQuery(`newname ${tag}`), sort: "issueDate" } }))
        .total,
    ).toBe(1);
    expect((await findProjects({ db, query: listQuery(`newname ${tag}`) })).total).toBe(1);

    // A row moved to another client takes that client's company.
    await db.update(proposals).set({ clientId: other.id }).where(eq(proposals.id, proposal.id));
    const [moved] = await db
      .select({ company: proposals.clientCompany })
      .from(proposals)
      .where(eq(proposals.id, proposal.id));
    expect(moved.company).toBe(`Othername ${tag}`);
    // A row for a client that does not exist is refused by its reference, as before.
    await expect(
      db.update(invoices).set({ clientId: crypto.randomUUID() }).where(eq(invoices.id, invoice.id)),
    ).rejects.toMatchObject({ cause: { code: "23503" } });
  });
});
