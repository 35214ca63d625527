import { eq } from "drizzle-orm";
import { invoiceOut } from "#server/api/business.ts";
import type { Actor } from "#server/audit/actor.ts";
import { escapeHtml, mailClient } from "#server/business/notify.ts";
import { portalMention } from "#server/business/portal-mention.ts";
import { getBillingContact } from "#server/clients/clients.ts";
import type { Db } from "#server/db/client.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { emitWebhookEvent } from "#server/webhooks/events.ts";
import { formatMoney } from "#shared/money.ts";
import { type FullInvoice, getInvoice } from "./queries";
import { audit, lockInvoice, settledStatus } from "./records";

export type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "STAFF_EMAIL">;

/** The invoice mail with its PDF; returns whether it reached the mail server (or the Outbox). */
export async function mailInvoice({
  db,
  env,
  invoice,
}: {
  db: Db;
  env: MailEnv;
  invoice: FullInvoice;
}) {
  const contact = await getBillingContact({ db, clientId: invoice.clientId });
  if (!contact) return false;
  const { renderInvoicePdf } = await import("./pdf");
  const pdf = await renderInvoicePdf(invoice);
  const amount = formatMoney(invoice.total - invoice.amountPaid, invoice.currency, "en");
  const portal = await portalMention({ db, env, contactId: contact.id });
  const text = [
    `Hello ${contact.name},`,
    "",
    `Please find invoice ${invoice.number} attached: ${amount} due by ${invoice.dueDate}.`,
    invoice.notes ? `\n${invoice.notes}\n` : "",
    ...(portal.text ? [portal.text] : []),
    "Thank you for working with us.",
    "Frontier",
  ].join("\n");
  return mailClient(
    { db, env },
    {
      to: contact.email,
      subject: `Invoice ${invoice.number} from Frontier`,
      text,
      html: `<p>Hello ${escapeHtml(contact.name)},</p><p>Please find invoice <strong>${escapeHtml(invoice.number)}</strong> attached: ${escapeHtml(amount)} due by ${escapeHtml(invoice.dueDate)}.</p>${invoice.notes ? `<p>${escapeHtml(invoice.notes)}</p>` : ""}${portal.html}<p>Thank you for working with us.<br>Frontier</p>`,
      attachments: [
        { filename: `${invoice.number}.pdf`, content: pdf, contentType: "application/pdf" },
      ],
    },
  );
}

/** Marks a draft sent (or sends an open invoice again) and mails it with its PDF. */
export async function sendInvoice({
  db,
  env,
  actor,
  id,
}: {
  db: Db;
  env: MailEnv;
  actor: Actor;
  id: string;
}) {
  const invoice = await db.transaction(async (tx) => {
    const locked = await lockInvoice(tx, id);
    if (locked.status === "void")
      throw new AppError("CONFLICT", `${locked.number} is void and cannot be sent.`);
    if (locked.status === "paid")
      throw new AppError("CONFLICT", `${locked.number} is already paid.`);
    const contact = await getBillingContact({ db: tx, clientId: locked.clientId });
    if (!contact)
      throw new AppError("CONFLICT", "Add a contact with an email address to the client first.");
    if (locked.total <= 0)
      throw new AppError("CONFLICT", "An invoice for nothing cannot be sent: add a line.");
    const status = locked.status === "draft" ? settledStatus(locked) : locked.status;
    const [sent] = await tx
      .update(invoices)
      .set({ status, sentAt: new Date(), updatedAt: new Date() })
      .where(eq(invoices.id, id))
      .returning();
    // Sent means "to the client for the first time": a resend is not news.
    if (locked.status === "draft")
      await emitWebhookEvent(tx, { type: "invoice.sent", data: invoiceOut(sent) });
    await audit(tx, actor, locked.status === "draft" ? "send" : "resend", id, {
      number: locked.number,
      to: contact.email,
    });
    return locked;
  });
  const full = await getInvoice({ db, id: invoice.id });
  const isDelivered = await mailInvoice({ db, env, invoice: full! });
  if (!isDelivered)
    throw new AppError(
      "UNAVAILABLE",
      `${invoice.number} is marked sent, but the mail could not be delivered. Try sending it again.`,
    );
  return full!;
}
