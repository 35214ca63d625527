import { asc, count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { invoiceItems, invoices, payments } from "#server/db/schema/invoices.ts";
import { AppError } from "#server/errors.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { fixture, importEnv, importFile, previewImport, tempFile } from "#tests/helpers/imports.ts";
import { parseAmount, parseDate } from "./csv-values";

const reasonOf = (items: Array<{ label: string; origin: string; reason: string }>, where: string) =>
  items.find((item) => item.origin === where || item.label === where)?.reason;

it("reads amounts and dates as exports write them", () => {
  expect(parseAmount("1,200.00", "GBP")).toBe(120_000);
  expect(parseAmount("$1 234,56", "EUR")).toBe(123_456);
  expect(parseAmount("1.234,5", "EUR")).toBe(123_450);
  expect(parseAmount("(12.00)", "USD")).toBe(-1200);
  expect(parseAmount("500", "JPY")).toBe(500);
  expect(parseAmount("abc", "USD")).toBeUndefined();
  expect(parseDate("2024-01-15")).toBe("2024-01-15");
  expect(parseDate("31.05.2024")).toBe("2024-05-31");
  expect(parseDate("03/05/2024")).toBe("2024-03-05");
  expect(parseDate("31/05/2024")).toBe("2024-05-31");
  expect(parseDate("2024-02-30")).toBeUndefined();
});

describeEachDatabase("newsletter list import", (get) => {
  it("brings a Mailchimp export in with its consent, line by line, and only once", async () => {
    const database = get();
    const env = importEnv();
    const file = tempFile("mailchimp.csv", fixture("subscribers-mailchimp.csv"));
    const { preview, run } = await importFile({ database, env, kind: "subscribers", file });
    expect(run?.status).toBe("done");
    expect(reasonOf(preview.items, "line 4")).toMatch(
      /“not-an-address” is not a valid email address/,
    );
    expect(reasonOf(preview.items, "line 5")).toBe("Repeats line 2.");
    expect(preview.items.find((item) => item.origin === "line 8")?.reason).toMatch(
      /could not be read/,
    );
    const rows = await database.db.select().from(subscribers).orderBy(asc(subscribers.email));
    expect(rows.map((row) => [row.email, row.status, row.name])).toEqual([
      ["ada@list.example", "confirmed", "Ada Lovelace"],
      ["alan@list.example", "confirmed", "Alan Turing"],
      ["grace@list.example", "confirmed", "Grace"],
    ]);
    const ada = rows[0];
    expect(ada.tags).toEqual(["customers", "vip"]);
    expect(ada.source).toBe("import");
    expect(ada.confirmedAt?.toISOString()).toBe("2021-03-04T10:05:00.000Z");
    const again = await importFile({ database, env, kind: "subscribers", file });
    expect(
      again.items.filter((item) => item.outcome === "created" || item.outcome === "updated"),
    ).toEqual([]);
    expect((await database.db.select({ n: count() }).from(subscribers))[0].n).toBe(3);
  });

  it("keeps Listmonk's opt-outs, leaves unconfirmed people out, and never re-subscribes anyone", async () => {
    const database = get();
    const env = importEnv();
    await database.db.insert(subscribers).values({
      email: "linus@list.example",
      status: "unsubscribed",
      unsubscribeToken: "tok-linus",
      source: "website",
    });
    const file = tempFile("listmonk.csv", fixture("subscribers-listmonk.csv"));
    const { preview } = await importFile({ database, env, kind: "subscribers", file });
    expect(reasonOf(preview.items, "linus@list.example")).toMatch(
      /^Unsubscribed here: stays unsubscribed\./,
    );
    expect(reasonOf(preview.items, "pending@list.example")).toMatch(/Never confirmed/);
    expect(reasonOf(preview.items, "odd@list.example")).toMatch(/“purple” says nothing/);
    const status = async (email: string) =>
      (
        await database.db
          .select({ status: subscribers.status })
          .from(subscribers)
          .where(eq(subscribers.email, email))
      )[0]?.status;
    expect(await status("linus@list.example")).toBe("unsubscribed");
    expect(await status("blocked@list.example")).toBe("unsubscribed");
    expect(await status("pending@list.example")).toBeUndefined();
  });

  it("asks staff to confirm consent for a list that does not say it", async () => {
    const database = get();
    const env = importEnv();
    const file = tempFile("plain.csv", fixture("subscribers-plain.csv"));
    const preview = await previewImport({ database, env, kind: "subscribers", file });
    expect(preview.run?.facts.needsConsent).toBe(true);
    const { startImport } = await import("./runs");
    const refusal = await startImport({
      db: database.db,
      id: preview.run?.id ?? "",
      actor: { id: null, name: "t", email: null },
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    const done = await importFile({ database, env, kind: "subscribers", file, allAgreed: true });
    expect(done.run?.status).toBe("done");
    expect(done.run?.outcomes["subscriber:created"]).toBe(2);
  });
});

describeEachDatabase("clients and invoices import", (get) => {
  it("imports clients and contacts, then invoices with numbers and payments kept, and payments", async () => {
    const database = get();
    const env = importEnv();
    const clientsFile = tempFile("clients.csv", fixture("clients-invoiceninja.csv"));
    const first = await importFile({ database, env, kind: "clients", file: clientsFile });
    expect(reasonOf(first.preview.items, "line 4")).toBe("The line has no client name.");
    expect(reasonOf(first.preview.items, "Initech")).toMatch(
      /not-an-email.* is not valid: left out/,
    );
    const [acme] = await database.db
      .select()
      .from(clients)
      .where(eq(clients.company, "Acme Rockets"));
    expect(acme).toMatchObject({ currency: "GBP", taxId: "GB123456789" });
    expect(acme.billingAddress).toBe("1 Launch Road\nE1 6AN London\nUnited Kingdom");
    const [globex] = await database.db.select().from(clients).where(eq(clients.company, "Globex"));
    expect(globex.currency).toBe("USD");

    const contactsFile = tempFile("contacts.csv", fixture("clients-harvest-contacts.csv"));
    const contacts = await importFile({ database, env, kind: "clients", file: contactsFile });
    expect(reasonOf(contacts.preview.items, "line 3")).toBe("Repeats line 2.");
    const acmeContacts = await database.db
      .select()
      .from(clientContacts)
      .where(eq(clientContacts.clientId, acme.id));
    expect(acmeContacts.map((contact) => contact.email).sort()).toEqual([
      "road@acme.example",
      "wile@acme.example",
    ]);
    const clientCount = (await database.db.select({ n: count() }).from(clients))[0].n;
    await importFile({ database, env, kind: "clients", file: clientsFile });
    await importFile({ database, env, kind: "clients", file: contactsFile });
    expect((await database.db.select({ n: count() }).from(clients))[0].n).toBe(clientCount);

    const invoicesFile = tempFile("invoices.csv", fixture("invoices-invoiceninja.csv"));
    const billed = await importFile({ database, env, kind: "invoices", file: invoicesFile });
    expect(reasonOf(billed.preview.items, "IN-1004")).toMatch(/“not a date” is not a date/);
    expect(reasonOf(billed.preview.items, "line 6")).toBe("The line has no invoice number.");
    expect(reasonOf(billed.preview.items, "IN-1005")).toMatch(
      /The client New Client Ltd is created too/,
    );
    const [paid] = await database.db.select().from(invoices).where(eq(invoices.number, "IN-1001"));
    expect(paid).toMatchObject({
      status: "paid",
      total: 120_000,
      taxTotal: 20_000,
      subtotal: 100_000,
      amountPaid: 120_000,
      currency: "GBP",
    });
    const [paidPayment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, paid.id));
    expect(paidPayment).toMatchObject({ amount: 120_000, paidOn: "2024-02-01" });
    const [partial] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, "IN-1002"));
    expect(partial).toMatchObject({ amountPaid: 25_000, total: 60_000 });
    const [voided] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, "IN-1005"));
    expect(voided.status).toBe("void");

    const items = tempFile("items.csv", fixture("invoices-harvest-items.csv"));
    await importFile({ database, env, kind: "invoices", file: items });
    const [h7] = await database.db.select().from(invoices).where(eq(invoices.number, "H-7"));
    expect(h7).toMatchObject({
      issueDate: "2024-03-05",
      subtotal: 155_000,
      taxTotal: 15_000,
      total: 170_000,
    });
    const lines = await database.db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, h7.id));
    expect(
      lines
        .map((line) => [line.description, line.quantity, line.unitAmount, line.taxRateBp])
        .sort(),
    ).toEqual([
      ["Design work", 1000, 15_000, 1000],
      ["Hosting", 100, 5000, 0],
    ]);

    const paymentsFile = tempFile("payments.csv", fixture("payments-invoiceninja.csv"));
    const paying = await importFile({ database, env, kind: "invoices", file: paymentsFile });
    expect(paying.preview.run?.facts.layout).toBe("payments");
    expect(reasonOf(paying.preview.items, "line 3")).toMatch(/No invoice numbered IN-9999/);
    expect(reasonOf(paying.preview.items, "line 4")).toMatch(/is not a payment/);
    const [settled] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, "IN-1002"));
    expect(settled).toMatchObject({ amountPaid: 60_000, status: "paid" });

    // Every file again: no invoice, client or payment twice.
    const totals = async () => ({
      invoices: (await database.db.select({ n: count() }).from(invoices))[0].n,
      payments: (await database.db.select({ n: count() }).from(payments))[0].n,
      clients: (await database.db.select({ n: count() }).from(clients))[0].n,
    });
    const before = await totals();
    for (const file of [invoicesFile, items, paymentsFile])
      await importFile({ database, env, kind: "invoices", file });
    expect(await totals()).toEqual(before);
  }, 120_000);
});
