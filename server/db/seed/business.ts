import { eq } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { addDays, todayIso } from "#server/business/dates.ts";
import { createClient } from "#server/clients/clients.ts";
import type { Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { createInvoice } from "#server/invoices/editing.ts";
import { recordPayment } from "#server/invoices/payments.ts";
import { createProjectRecord } from "#server/projects/projects.ts";
import { createProposal } from "#server/proposals/editing.ts";
import { getProposal } from "#server/proposals/queries.ts";
import { snapshotOf } from "#server/proposals/snapshot.ts";
import { proposalTotals } from "#shared/business/proposal-form.ts";

const seedActor: Actor = { id: null, email: "seed", address: null };

const demoClients = [
  {
    company: "Northwind Logistics",
    currency: "USD",
    billingAddress: "400 Harbor Way\nSeattle, WA 98101\nUnited States",
    contact: {
      name: "Maya Chen",
      email: "maya.chen@northwind.example",
      phone: "+1 206 555 0142",
      role: "VP Operations",
    },
  },
  {
    company: "Atlas Health",
    currency: "EUR",
    billingAddress: "Prinsengracht 210\n1016 HD Amsterdam\nNetherlands",
    contact: {
      name: "Daan Visser",
      email: "daan@atlashealth.example",
      phone: "+31 20 555 0199",
      role: "CTO",
    },
  },
  {
    company: "Lumen Studio",
    currency: "GBP",
    billingAddress: "12 Cable Street\nLondon E1 8JG\nUnited Kingdom",
    contact: { name: "Priya Natarajan", email: "priya@lumen.example", phone: "", role: "Founder" },
  },
];

async function clientFor(db: Db, demo: (typeof demoClients)[number]) {
  const [existing] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.company, demo.company));
  if (existing) return undefined;
  return createClient({
    db,
    actor: seedActor,
    input: {
      company: demo.company,
      billingAddress: demo.billingAddress,
      currency: demo.currency,
      taxId: "",
      notes: "Demo client.",
      contacts: [demo.contact],
    },
  });
}

/** Demo business data: three clients, their proposals, a running project and a few invoices. Skips any client already there. */
export async function seedBusiness(db: Db) {
  const today = todayIso();
  const [northwind, atlas, lumen] = await Promise.all(
    demoClients.map((demo) => clientFor(db, demo)),
  );

  if (northwind) {
    const proposal = await createProposal({
      db,
      actor: seedActor,
      input: {
        title: "Fleet tracking platform",
        clientId: northwind.id,
        scope:
          "A web platform that shows every truck in real time, with alerts for late deliveries.",
        approach: "Two-week sprints with a demo at the end of each.",
        timeline: "- Discovery: 2 weeks\n- Build: 10 weeks\n- Launch: 2 weeks",
        terms: "- 30% deposit on acceptance\n- Invoices payable within 14 days",
        currency: "USD",
        discountKind: "none",
        discountValue: 0,
        depositPercent: 30,
        validUntil: addDays(today, 30),
        items: [
          {
            description: "Discovery and design",
            quantity: 100,
            unitAmount: 1_800_000,
            taxRateBp: 0,
            kind: "one_off",
            interval: null,
          },
          {
            description: "Platform build",
            quantity: 100,
            unitAmount: 6_400_000,
            taxRateBp: 0,
            kind: "one_off",
            interval: null,
          },
          {
            description: "Hosting and support",
            quantity: 100,
            unitAmount: 90_000,
            taxRateBp: 0,
            kind: "recurring",
            interval: "month",
          },
        ],
      },
    });
    await db.transaction(async (tx) => {
      const full = (await getProposal({ db: tx, id: proposal.id }))!;
      const acceptedAt = new Date(Date.now() - 20 * 86_400_000);
      await tx
        .update(proposals)
        .set({
          status: "accepted",
          sentAt: new Date(acceptedAt.getTime() - 3 * 86_400_000),
          firstViewedAt: new Date(acceptedAt.getTime() - 2 * 86_400_000),
          acceptedAt,
          acceptedName: "Maya Chen",
          acceptedAddress: "demo",
          acceptedSnapshot: snapshotOf(full),
        })
        .where(eq(proposals.id, proposal.id));
      const project = await createProjectRecord(tx, {
        actor: seedActor,
        input: {
          name: "Fleet tracking platform",
          clientId: northwind.id,
          proposalId: proposal.id,
          status: "active",
          startDate: addDays(today, -14),
          dueDate: addDays(today, 84),
          budgetAmount: proposalTotals(full).oneOff.total,
          currency: "USD",
          teamMembers: [
            { name: "Sam Ortiz", role: "Project lead" },
            { name: "Ines Moreau", role: "Designer" },
          ],
          milestones: [
            { title: "Discovery sign-off", dueDate: addDays(today, -3), isDone: true },
            { title: "Live map prototype", dueDate: addDays(today, 4), isDone: false },
            { title: "Beta with two depots", dueDate: addDays(today, 45), isDone: false },
          ],
        },
      });
      void project;
    });
    const deposit = await createInvoice({
      db,
      actor: seedActor,
      input: {
        clientId: northwind.id,
        projectId: null,
        currency: "USD",
        issueDate: addDays(today, -20),
        dueDate: addDays(today, -6),
        discountKind: "none",
        discountValue: 0,
        notes: "Deposit for the fleet tracking platform.",
        items: [
          {
            description: "Deposit (30%) for Fleet tracking platform",
            quantity: 100,
            unitAmount: 2_460_000,
            taxRateBp: 0,
          },
        ],
      },
    });
    await db
      .update(invoices)
      .set({ status: "sent", sentAt: new Date(), kind: "deposit" })
      .where(eq(invoices.id, deposit.id));
    await recordPayment({
      db,
      actor: seedActor,
      invoiceId: deposit.id,
      amount: 2_460_000,
      paidOn: addDays(today, -10),
      method: "bank_transfer",
      reference: "NW-7781",
    });
    const hosting = await createInvoice({
      db,
      actor: seedActor,
      input: {
        clientId: northwind.id,
        projectId: null,
        currency: "USD",
        issueDate: addDays(today, -40),
        dueDate: addDays(today, -26),
        discountKind: "none",
        discountValue: 0,
        notes: "",
        items: [
          { description: "Hosting and support", quantity: 100, unitAmount: 90_000, taxRateBp: 0 },
        ],
      },
    });
    await db
      .update(invoices)
      .set({ status: "overdue", sentAt: new Date() })
      .where(eq(invoices.id, hosting.id));
  }

  if (atlas) {
    const proposal = await createProposal({
      db,
      actor: seedActor,
      input: {
        title: "Patient app redesign",
        clientId: atlas.id,
        scope: "Redesign of the patient mobile app: booking, results and messaging.",
        approach: "Research with ten patients, then design sprints.",
        timeline: "Eight weeks.",
        terms: "- 50% deposit on acceptance\n- Prices exclude VAT unless shown",
        currency: "EUR",
        discountKind: "percent",
        discountValue: 500,
        depositPercent: 50,
        validUntil: addDays(today, 21),
        items: [
          {
            description: "UX research",
            quantity: 100,
            unitAmount: 1_200_000,
            taxRateBp: 2100,
            kind: "one_off",
            interval: null,
          },
          {
            description: "UI design",
            quantity: 4000,
            unitAmount: 12_000,
            taxRateBp: 2100,
            kind: "one_off",
            interval: null,
          },
        ],
      },
    });
    await db
      .update(proposals)
      .set({ status: "sent", sentAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(proposals.id, proposal.id));
    const invoice = await createInvoice({
      db,
      actor: seedActor,
      input: {
        clientId: atlas.id,
        projectId: null,
        currency: "EUR",
        issueDate: addDays(today, -5),
        dueDate: addDays(today, 25),
        discountKind: "none",
        discountValue: 0,
        notes: "Workshop before the redesign.",
        items: [
          {
            description: "Discovery workshop",
            quantity: 200,
            unitAmount: 180_000,
            taxRateBp: 2100,
          },
        ],
      },
    });
    await db
      .update(invoices)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(invoices.id, invoice.id));
  }

  if (lumen) {
    await createProposal({
      db,
      actor: seedActor,
      input: {
        title: "Brand identity refresh",
        clientId: lumen.id,
        scope: "New logo, type and colour system, and a short brand book.",
        approach: "",
        timeline: "",
        terms: "",
        currency: "GBP",
        discountKind: "none",
        discountValue: 0,
        depositPercent: 0,
        validUntil: addDays(today, 30),
        items: [
          {
            description: "Brand identity",
            quantity: 100,
            unitAmount: 950_000,
            taxRateBp: 2000,
            kind: "one_off",
            interval: null,
          },
        ],
      },
    });
    const project = await db.transaction((tx) =>
      createProjectRecord(tx, {
        actor: seedActor,
        input: {
          name: "Website care plan",
          clientId: lumen.id,
          proposalId: null,
          status: "on_hold",
          startDate: addDays(today, -90),
          dueDate: null,
          budgetAmount: 0,
          currency: "GBP",
          teamMembers: [{ name: "Ola Berg", role: "Engineer" }],
          milestones: [],
        },
      }),
    );
    void project;
  }
}
