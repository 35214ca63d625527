import type { Transporter } from "nodemailer";
import type { Db } from "#server/db/client.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import type { Env } from "#server/env.ts";
import { log } from "#server/log.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
};

export type MailContext = { db: Db; env: Pick<Env, "SMTP_URL" | "MAIL_FROM"> };

/** Mail could not be handed to the SMTP server. Nothing was sent. */
export class MailDeliveryError extends Error {}

const transports = new Map<string, Transporter>();
/** Connections the pooled transport keeps open; also how many mails a campaign sends at once. */
export const SMTP_POOL_CONNECTIONS = 8;

/**
 * nodemailer is loaded with the first mail over SMTP, not at start (decision 703). The
 * transport is pooled: a few connections kept open and reused, so a campaign does not pay a
 * connection and greeting per mail (decision 751).
 */
async function transportFor(smtpUrl: string) {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    const { default: nodemailer } = await import("nodemailer");
    transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
      maxMessages: 1000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    // Two mails at once may both have made one: keep the first.
    transport = transports.get(smtpUrl) ?? transport;
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends a mail through SMTP_URL, or keeps it in the Outbox when none is set.
 * Either way it is recorded; a delivery failure throws MailDeliveryError.
 */
export async function sendMail(
  { db, env }: MailContext,
  message: MailMessage,
  /** "failures": a mail handed to SMTP is recorded elsewhere (a campaign's deliveries). */
  { record: recordWhat = "all" }: { record?: "all" | "failures" } = {},
) {
  const from = env.MAIL_FROM;
  const record = {
    to: message.to,
    from,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    headers: message.headers ?? {},
  };
  if (!env.SMTP_URL) {
    const [row] = await db
      .insert(mailMessages)
      .values({ ...record, status: "outbox" })
      .returning({ id: mailMessages.id });
    log.info(`mail kept in the Outbox: "${message.subject}" to ${message.to}`);
    return { id: row.id, delivered: false };
  }
  try {
    await (await transportFor(env.SMTP_URL)).sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      attachments: message.attachments,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.insert(mailMessages).values({ ...record, status: "failed", error: reason });
    log.warn(`mail to ${message.to} failed: ${reason}`);
    throw new MailDeliveryError(reason);
  }
  if (recordWhat === "failures") return { id: undefined, delivered: true };
  const [row] = await db
    .insert(mailMessages)
    .values({ ...record, status: "sent" })
    .returning({ id: mailMessages.id });
  log.info(`mail sent: "${message.subject}" to ${message.to}`);
  return { id: row.id, delivered: true };
}
