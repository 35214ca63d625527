// Run: npx tsx bench/admin-lists.ts (`npm run bench` times the same lists over HTTP)
//
// Seeds 2,000 clients (with contacts) and 10,000 invoices into a fresh in-memory
// PGlite, then prints how long the command center's list queries take on the
// server: first page, a deep page, each sort, a search and a state filter.
// It prints figures only; the target is a list page under 100 ms on the server.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { listQueryFrom } from "#server/business/list-query.ts";
import { clientSorts, findClients } from "#server/clients/clients.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { findInvoices, invoiceSorts } from "#server/invoices/queries.ts";
import { setLogLevel } from "#server/log.ts";

const CLIENTS = 2_000;
const INVOICES = 10_000;
const RUNS = 7;

/** Adds 2,000 clients (with contacts) and 10,000 invoices; `npm run bench` uses it too. */
export async function seedAdminLists(db: Db) {
  await db.execute(sql`
    insert into clients (company, billing_address, currency, notes)
    select 'Company ' || lpad(n::text, 5, '0') || ' ' || md5(n::text), 'Street ' || n, (array['USD','EUR','GBP'])[1 + n % 3], ''
    from generate_series(1, ${CLIENTS}) as n`);
  await db.execute(sql`
    insert into client_contacts (client_id, name, email, is_primary, position)
    select id, 'Contact of ' || company, 'contact' || row_number() over () || '@example.com', true, 0
    from clients where company ~ '^Company [0-9]{5} '`);
  await db.execute(sql`
    with numbered as (select id, currency, row_number() over (order by id) as k from clients
                      where company ~ '^Company [0-9]{5} ')
    insert into invoices (number, client_id, status, currency, issue_date, due_date, subtotal, tax_total, total, amount_paid)
    select 'INV-' || (2020 + n % 7) || '-B' || lpad(n::text, 5, '0'),
           c.id,
           (array['draft','sent','partially_paid','paid','overdue','void'])[1 + n % 6],
           c.currency,
           date '2020-01-01' + (n % 2500),
           date '2020-01-15' + (n % 2500),
           100000 + n, 20000, 120000 + n, case when n % 6 = 3 then 120000 + n else 0 end
    from generate_series(1, ${INVOICES}) as n
    join numbered c on c.k = 1 + n % ${CLIENTS}`);
  await db.execute(sql`analyze`);
}

async function main() {
  setLogLevel("warn");
  const database = await openDatabase({});
  const { db } = database;
  const seedStart = performance.now();
  await seedAdminLists(db);
  const { cpus, loadavg } = await import("node:os");
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} (figures grow with load)`,
  );
  console.log(
    `seeded ${CLIENTS} clients and ${INVOICES} invoices in ${(performance.now() - seedStart).toFixed(0)} ms\n`,
  );

  async function time(label: string, work: () => Promise<unknown>) {
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      await work();
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)];
    console.log(
      `${label.padEnd(52)} median ${median.toFixed(1).padStart(6)} ms   worst ${samples.at(-1)!.toFixed(1).padStart(6)} ms`,
    );
  }

  const url = (query: string) => new URL(`http://bench.local/admin/list?${query}`);
  const clientQuery = (query: string) =>
    listQueryFrom(url(query), { sorts: clientSorts, defaultSort: "company", defaultDir: "asc" });
  const invoiceQuery = (query: string) =>
    listQueryFrom(url(query), { sorts: invoiceSorts, defaultSort: "issueDate" });

  await time("clients: first page by company", () => findClients({ db, query: clientQuery("") }));
  await time("clients: page 60 by company", () =>
    findClients({ db, query: clientQuery("page=60") }),
  );
  await time("clients: newest first", () =>
    findClients({ db, query: clientQuery("sort=createdAt&dir=desc") }),
  );
  await time('clients: search "company 01"', () =>
    findClients({ db, query: clientQuery("q=company%2001") }),
  );
  for (const sort of invoiceSorts)
    await time(`invoices: first page by ${sort}`, () =>
      findInvoices({ db, query: invoiceQuery(`sort=${sort}`) }),
    );
  await time("invoices: page 300 by issue date", () =>
    findInvoices({ db, query: invoiceQuery("page=300") }),
  );
  await time('invoices: search "INV-2024"', () =>
    findInvoices({ db, query: invoiceQuery("q=INV-2024") }),
  );
  await time('invoices: search by client "company 0042"', () =>
    findInvoices({ db, query: invoiceQuery("q=company%200042") }),
  );
  await time("invoices: overdue only", () =>
    findInvoices({ db, query: invoiceQuery(""), status: "overdue" }),
  );
  await time("invoices: outstanding only", () =>
    findInvoices({ db, query: invoiceQuery(""), status: "outstanding" }),
  );

  await renderListPage(database, time);
  await database.close();
}

/** The rendered invoice list page through the built app, when a build exists (npm run build). */
async function renderListPage(
  database: Awaited<ReturnType<typeof openDatabase>>,
  time: (label: string, work: () => Promise<unknown>) => Promise<void>,
) {
  const { existsSync } = await import("node:fs");
  const path = await import("node:path");
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    console.log("\n(no build found: run `npm run build` to time the rendered list page as well)");
    return;
  }
  const { createRequestHandler } = await import("react-router");
  const { parseEnv } = await import("#server/env.ts");
  const { createStaffUser } = await import("#server/auth/users.ts");
  const build = await import(path.join(buildDir, "server/index.js"));
  const handler = createRequestHandler(build, "production");
  const env = parseEnv({
    ...process.env,
    DATA_DIR: path.join((await import("node:os")).tmpdir(), "frontier-bench"),
  });
  await createStaffUser(
    { db: database.db },
    { email: "bench@staff.test", password: "bench password 123", name: "Bench", role: "admin" },
  );
  // One context per request, as the server makes them (the session check is kept per context).
  const context = () => ({
    db: database.db,
    database,
    env,
    nonce: "bench",
    clientAddress: "127.0.0.1",
    outcome: {},
  });
  const signIn = await handler(
    new Request("http://bench.local/login", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://bench.local",
      },
      body: new URLSearchParams({
        email: "bench@staff.test",
        password: "bench password 123",
        redirectTo: "/admin",
      }),
    }),
    context() as never,
  );
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .find((value) => value.includes("session"));
  if (!cookie) {
    console.log(`\n(could not sign in to time the rendered page: ${signIn.status})`);
    return;
  }
  console.log("");
  for (const target of [
    "/admin/invoices",
    "/admin/invoices?page=300",
    "/admin/invoices?q=company%200042",
    "/admin/clients",
  ]) {
    await time(`rendered page ${target}`, async () => {
      const response = await handler(
        new Request(`http://bench.local${target}`, { headers: { Cookie: cookie } }),
        context() as never,
      );
      if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
      await response.text();
    });
  }
}

// Run directly (not when `npm run bench` imports the seed).
if (
  process.argv[1] &&
  import.meta.filename === (await import("node:fs")).realpathSync(process.argv[1])
)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
