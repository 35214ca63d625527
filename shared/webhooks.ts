/** The events an endpoint can receive, and what each says (the command center lists them). */
export const webhookEventTypes = [
  { type: "lead.created", label: "Lead created", description: "Contact form, chat or API." },
  { type: "proposal.viewed", label: "Proposal viewed", description: "The client's first open." },
  { type: "proposal.accepted", label: "Proposal accepted", description: "Signed by the client." },
  { type: "proposal.declined", label: "Proposal declined", description: "With the reason given." },
  { type: "invoice.sent", label: "Invoice sent", description: "Sent to the client, deposits too." },
  { type: "invoice.paid", label: "Invoice paid", description: "Paid in full." },
  { type: "invoice.overdue", label: "Invoice overdue", description: "Past its due date, unpaid." },
  {
    type: "subscriber.confirmed",
    label: "Subscriber confirmed",
    description: "A newsletter sign-up, confirmed by email.",
  },
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number]["type"] | "ping";

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = "Frontier-Signature";
export const EVENT_ID_HEADER = "Frontier-Event-Id";
export const EVENT_TYPE_HEADER = "Frontier-Event-Type";
