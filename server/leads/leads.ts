import { saveTouchpoints, type Touchpoint } from "#server/analytics/touchpoints.ts";
import { guardSubmission, minFillMsOf } from "#server/antispam/antispam.ts";
import { formKeyOf, hasFormReceipt, writeOnce } from "#server/antispam/receipts.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { leads } from "#server/db/schema/leads.ts";
import type { Env } from "#server/env.ts";
import { invalid } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { sendMail } from "#server/mail/mailer.ts";
import { emitWebhookEvent } from "#server/webhooks/events.ts";
import { leadPayload } from "#server/webhooks/payloads.ts";
import { budgetOptions, labelOf, serviceOptions, timelineOptions } from "#shared/contact.ts";
import { type ContactInput, contactSchema } from "#shared/contact-schema.ts";

export const DEFAULT_STAFF_EMAIL = "hello@frontier.localhost";

type LeadEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "STAFF_EMAIL" | "PUBLIC_URL" | "AUTH_SECRET"> &
  Partial<Pick<Env, "FORM_MIN_FILL_SECONDS">>;

/**
 * The contact form: bots are refused, the input validated, the lead stored and
 * staff told by mail. A mail that cannot be sent does not lose the lead:
 * staff see it in the command center either way. The same filling of the form
 * sent again (its answer was lost) stores nothing and tells no one: `isRepeat`.
 */
export async function submitContactForm({
  db,
  env,
  form,
  address,
  touchpoints,
}: {
  db: Db;
  env: LeadEnv;
  form: FormData;
  address: string;
  /** The pages the visitor saw before writing (server/analytics), stored with the lead. */
  touchpoints?: Touchpoint[];
}) {
  const parsed = contactSchema.safeParse({
    name: form.get("name") ?? "",
    email: form.get("email") ?? "",
    company: form.get("company") ?? "",
    service: form.get("service") ?? "",
    budget: form.get("budget") ?? "",
    timeline: form.get("timeline") ?? "",
    message: form.get("message") ?? "",
  });
  if (!parsed.success) throw invalid(parsed.error);
  const key = formKeyOf({ secret: env.AUTH_SECRET, form });
  if (await hasFormReceipt({ db, scope: "contact", key })) return { isRepeat: true as const };
  await guardSubmission({
    db,
    secret: env.AUTH_SECRET,
    scope: "contact",
    address,
    form,
    minFillMs: minFillMsOf(env),
  });
  const written = await writeOnce({
    db,
    scope: "contact",
    key,
    write: (tx) => createLead({ db: tx, input: parsed.data, address, touchpoints }),
  });
  if (written.isRepeat) return written;
  const lead = written.result;
  try {
    await notifyStaffOfLead({ db, env, lead: { ...parsed.data, id: lead.id } });
  } catch (error) {
    log.warn("the new-lead notification could not be sent; the lead is stored", error);
  }
  return { isRepeat: false as const, lead };
}

export async function createLead({
  db,
  input,
  address,
  source = "contact",
  touchpoints = [],
}: {
  db: Db | Tx;
  input: ContactInput;
  address?: string;
  source?: "contact" | "api";
  touchpoints?: Touchpoint[];
}) {
  // The lead, its webhook event and its touchpoints are one write: none exists without the others.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        name: input.name,
        email: input.email.toLowerCase(),
        company: input.company ?? null,
        service: input.service,
        budget: input.budget,
        timeline: input.timeline,
        message: input.message,
        source,
        address: address ?? null,
      })
      .returning();
    await emitWebhookEvent(tx, { type: "lead.created", data: leadPayload(row) });
    await saveTouchpoints(tx, { leadId: row.id }, touchpoints);
    return { id: row.id, createdAt: row.createdAt };
  });
}

/**
 * A lead sent through the API by a business token: the contact form's schema and the same
 * follow-up (staff told by mail), without the form's bot checks (a token is no bot).
 */
export async function createLeadFromApi({
  db,
  env,
  input,
  tokenName,
}: {
  db: Db;
  env: LeadEnv;
  input: unknown;
  tokenName: string;
}) {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const lead = await createLead({ db, input: parsed.data, source: "api" });
  try {
    await notifyStaffOfLead({ db, env, lead: { ...parsed.data, id: lead.id }, via: tokenName });
  } catch (error) {
    log.warn("the new-lead notification could not be sent; the lead is stored", error);
  }
  return lead;
}

export async function notifyStaffOfLead({
  db,
  env,
  lead,
  via,
}: {
  db: Db;
  env: LeadEnv;
  lead: ContactInput & { id: string };
  /** The API token's name, when the lead came through the API. */
  via?: string;
}) {
  const lines = [
    `${lead.name} <${lead.email}> wrote in ${via ? `through the API (token “${via}”)` : "through the contact form"}.`,
    "",
    `Company: ${lead.company ?? "(not given)"}`,
    `Service: ${labelOf(serviceOptions, lead.service)}`,
    `Budget: ${labelOf(budgetOptions, lead.budget)}`,
    `Timeline: ${labelOf(timelineOptions, lead.timeline)}`,
    "",
    lead.message,
    "",
    `Leads in the command center: ${env.PUBLIC_URL}/admin/clients`,
  ];
  await sendMail(
    { db, env },
    {
      to: env.STAFF_EMAIL ?? DEFAULT_STAFF_EMAIL,
      subject: `New enquiry from ${lead.name}${lead.company ? ` (${lead.company})` : ""}`,
      text: lines.join("\n"),
      headers: { "Reply-To": lead.email },
    },
  );
}
