import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { containsText } from "#server/business/list-query.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { clientContacts } from "#server/db/schema/clients.ts";
import { leads } from "#server/db/schema/leads.ts";
import { recordPayment } from "#server/invoices/payments.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import {
  mailEnv,
  makeClient,
  makeProposal,
  makeSentInvoice,
  staff,
  uniqueSuffix,
} from "#tests/helpers/business.ts";
import { describeEachDatabase, explain } from "#tests/helpers/db.ts";
import { findClients, getClient, updateClient } from "./clients";
import { convertLead, findLeads } from "./leads";
import { getClientTimeline } from "./timeline";

describeEachDatabase("clients and leads", (get) => {
  it("converts a lead into a client with its person as primary contact, once", async () => {
    const { db } = get();
    const email = `grace-${uniqueSuffix()}@example.com`;
    const [lead] = await db
      .insert(leads)
      .values({
        name: "Grace Hopper",
        email,
        company: "Navy Labs",
        message: "We need an app.",
        service: "mobile-apps",
      })
      .returning();
    const newLeads = await findLeads({
      db,
      status: "new",
      query: { q: email, page: 1, pageSize: 25, sort: "createdAt", dir: "desc" },
    });
    expect(newLeads.rows.map((row) => row.id)).toEqual([lead.id]);

    const client = await convertLead({ db, actor: staff, leadId: lead.id });
    const full = await getClient({ db, id: client.id });
    expect(full).toMatchObject({ company: "Navy Labs" });
    expect(full?.contacts).toMatchObject([{ name: "Grace Hopper", email, isPrimary: true }]);
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after).toMatchObject({ status: "converted", clientId: client.id });
    await expect(convertLead({ db, actor: staff, leadId: lead.id })).rejects.toThrow(
      /already a client/,
    );
    const events = await db.select().from(auditEvents).where(eq(auditEvents.recordId, lead.id));
    expect(events.map((event) => event.action)).toContain("convert");

    const timeline = await getClientTimeline({ db, clientId: client.id });
    expect(timeline[0]).toMatchObject({ kind: "message", detail: "We need an app." });
  });

  it("updates contacts and finds clients by company or contact", async () => {
    const { db } = get();
    const client = await makeClient(db, { company: `Zeta Findable ${uniqueSuffix()}` });
    await updateClient({
      db,
      actor: staff,
      id: client.id,
      input: {
        company: client.company,
        billingAddress: "2 Side St",
        currency: "EUR",
        taxId: "DE123",
        notes: "",
        contacts: [
          { name: "Primary Person", email: "Primary@Example.com", phone: "+1 555", role: "CTO" },
          { name: "Second Person", email: "second@example.com", phone: "", role: "" },
        ],
      },
    });
    const full = await getClient({ db, id: client.id });
    expect(full?.contacts.map((contact) => [contact.email, contact.isPrimary])).toEqual([
      ["primary@example.com", true],
      ["second@example.com", false],
    ]);
    const byContact = await findClients({
      db,
      query: { q: "second person", page: 1, pageSize: 25, sort: "company", dir: "asc" },
    });
    expect(byContact.rows.map((row) => row.id)).toContain(client.id);
    expect(byContact.rows.find((row) => row.id === client.id)?.contactName).toBe("Primary Person");
  });

  it("shows proposals, invoices and payments on the client's timeline", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const proposal = await makeProposal(db, client.id);
    await sendProposal({ db, env: mailEnv, actor: staff, id: proposal.id });
    const invoice = await makeSentInvoice(db, client.id, { dueDate: "2999-01-01" });
    await recordPayment({
      db,
      actor: staff,
      invoiceId: invoice.id,
      amount: 5000,
      paidOn: "2026-03-02",
      method: "card",
    });
    const kinds = (await getClientTimeline({ db, clientId: client.id })).map((event) => event.kind);
    expect(new Set(kinds)).toEqual(new Set(["proposal", "invoice", "payment"]));
  });
});

describeEachDatabase("a client search of one or two characters (decision 826)", (get) => {
  it("finds a contact's address by its start, through the address's own index", async () => {
    const { db } = get();
    const tag = `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // 2,000 contacts at one domain, as a command center has them: every address has a word
    // ("example") that starts with "e", and the trigram index hands all of them back for "e".
    await db.execute(sql`
      insert into clients (company) select ${`Prefix ${tag} `} || n
      from generate_series(1, 2000) as n`);
    await db.execute(sql`
      insert into client_contacts (client_id, name, email, is_primary)
      select id, 'Person ' || company, 'person' || substr(md5(id::text), 1, 8) || '@example.com', true
      from clients where company like ${`Prefix ${tag} %`}`);
    const [starts, elsewhere] = await Promise.all([
      makeClient(db, { company: `Starts ${tag}` }),
      makeClient(db, { company: `Elsewhere ${tag}` }),
    ]);
    await db.insert(clientContacts).values([
      { clientId: starts.id, name: "Ann", email: "zqann@mail.test", isPrimary: true },
      { clientId: elsewhere.id, name: "Bob", email: "bob@zqmail.test", isPrimary: true },
    ]);
    await db.execute(sql`analyze client_contacts`);

    const plan = await explain(
      db,
      db
        .select({ id: clientContacts.clientId })
        .from(clientContacts)
        .where(containsText(clientContacts.email, "e", { isOneWord: true })),
    );
    expect(plan).toContain("client_contacts_email_prefix_idx");
    expect(plan).not.toContain("client_contacts_email_search_idx");

    const found = await findClients({
      db,
      query: { q: "zq", page: 1, pageSize: 25, sort: "company", dir: "asc" },
    });
    const ids = found.rows.map((row) => row.id);
    expect(ids).toContain(starts.id);
    expect(ids).not.toContain(elsewhere.id);
  });
});
