import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditEvents } from "#server/db/schema/audit.ts";
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
import { describeEachDatabase } from "#tests/helpers/db.ts";
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
