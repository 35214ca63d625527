import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { subscribers } from "#server/db/schema/content.ts";
import { webhookDeliveries, webhookEvents } from "#server/db/schema/webhooks.ts";
import { createInvoice } from "#server/invoices/editing.ts";
import { markOverdueInvoices } from "#server/invoices/overdue.ts";
import { recordPayment } from "#server/invoices/payments.ts";
import { sendInvoice } from "#server/invoices/sending.ts";
import { createLeadFromApi } from "#server/leads/leads.ts";
import { confirmSubscription } from "#server/newsletter/newsletter.ts";
import { acceptProposal, declineProposal } from "#server/proposals/acceptance.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import { viewProposal } from "#server/proposals/viewing.ts";
import { webhookEventTypes } from "#shared/webhooks.ts";
import { invoiceInput, mailEnv, makeClient, makeProposal, staff } from "#tests/helpers/business.ts";
import { testEnv } from "#tests/helpers/chat.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { createWebhookEndpoint } from "./endpoints";

const env = testEnv({ PRIVATE_FETCH_ORIGINS: ["http://127.0.0.1:9"] });

describeEachDatabase("webhook events", (get) => {
  it("are recorded with their change, each with a delivery queued for the endpoint", async () => {
    const { db } = get();
    const endpoint = await createWebhookEndpoint({
      db,
      env,
      input: { url: "http://127.0.0.1:9/in", events: webhookEventTypes.map((event) => event.type) },
      actor: staff,
    });
    const lead = await createLeadFromApi({
      db,
      env: { ...env, ...mailEnv },
      tokenName: "CRM",
      input: {
        name: "Ada",
        email: "ada@example.com",
        service: "ai-ml",
        budget: "not-sure",
        timeline: "exploring",
        message: "Twenty characters or more, please.",
      },
    });

    const client = await makeClient(db);
    const accepted = await makeProposal(db, client.id);
    await sendProposal({ db, env: mailEnv, actor: staff, id: accepted.id });
    await viewProposal({ db, env: mailEnv, publicId: accepted.publicId });
    await viewProposal({ db, env: mailEnv, publicId: accepted.publicId });
    const { deposit } = await acceptProposal({
      db,
      env: mailEnv,
      publicId: accepted.publicId,
      fullName: "Ada Client",
      hasAgreed: true,
      address: "203.0.113.9",
    });
    const declined = await makeProposal(db, client.id);
    await sendProposal({ db, env: mailEnv, actor: staff, id: declined.id });
    await declineProposal({
      db,
      env: mailEnv,
      publicId: declined.publicId,
      reason: "Budget",
      address: "x",
    });

    const invoice = await createInvoice({ db, actor: staff, input: invoiceInput(client.id) });
    await sendInvoice({ db, env: mailEnv, actor: staff, id: invoice.id });
    await sendInvoice({ db, env: mailEnv, actor: staff, id: invoice.id });
    await recordPayment({
      db,
      actor: staff,
      invoiceId: invoice.id,
      amount: invoice.total,
      paidOn: "2026-03-02",
      method: "bank_transfer",
    });
    await markOverdueInvoices({ db, today: "2999-01-01" });

    const token = randomBytes(16).toString("hex");
    await db.insert(subscribers).values({
      email: `reader-${token}@example.com`,
      confirmTokenHash: createHash("sha256").update(token).digest("hex"),
      confirmTokenExpiresAt: new Date(Date.now() + 3600_000),
      unsubscribeToken: token,
    });
    expect(await confirmSubscription({ db, token })).toBe("confirmed");

    const events = await db
      .select({ type: webhookEvents.type, data: webhookEvents.data })
      .from(webhookEvents)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.eventId, webhookEvents.id))
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .orderBy(webhookEvents.createdAt);
    const types = events.map((event) => event.type);
    // One "viewed" for two opens; "sent" for the deposit and the first send, not the resend.
    expect(types.sort()).toEqual(
      [
        "lead.created",
        "proposal.viewed",
        "proposal.accepted",
        "invoice.sent",
        "proposal.declined",
        "invoice.sent",
        "invoice.paid",
        "invoice.overdue",
        "subscriber.confirmed",
      ].sort(),
    );
    expect(events.find((event) => event.type === "lead.created")?.data).toMatchObject({
      id: lead.id,
      source: "api",
    });
    expect(events.find((event) => event.type === "invoice.overdue")?.data).toMatchObject({
      id: deposit?.id,
      status: "overdue",
    });
  });
});
