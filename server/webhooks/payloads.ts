import type { subscribers } from "#server/db/schema/content.ts";
import type { leads } from "#server/db/schema/leads.ts";

// What an event's `data` holds. Proposals and invoices are sent as the API shows them
// (server/api/business.ts: proposalOut, invoiceOut); leads and subscribers have no API
// route, so their shape is here.

export function leadPayload(row: typeof leads.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    service: row.service,
    budget: row.budget,
    timeline: row.timeline,
    message: row.message,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

export function subscriberPayload(
  row: Pick<typeof subscribers.$inferSelect, "id" | "email" | "name" | "confirmedAt" | "source">,
) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    source: row.source,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}
