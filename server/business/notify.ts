import { eq, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import type { Env } from "#server/env.ts";
import { log } from "#server/log.ts";
import { type MailMessage, sendMail } from "#server/mail/mailer.ts";

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "STAFF_EMAIL">;

/** Who hears about client activity: STAFF_EMAIL when set, otherwise every admin. */
export async function staffRecipients(db: Db, env: Pick<Env, "STAFF_EMAIL">) {
  if (env.STAFF_EMAIL) return [env.STAFF_EMAIL];
  const admins = await db
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(
      or(
        eq(authUsers.role, "admin"),
        sql`${authUsers.role} like 'admin,%'`,
        sql`${authUsers.role} like '%,admin'`,
      ),
    );
  return admins.map((admin) => admin.email);
}

/**
 * Tells staff about something a client did. A mail that cannot be delivered
 * is logged (and kept as failed in the mail table), never thrown: the
 * client's action already succeeded.
 */
export async function notifyStaff(
  { db, env }: { db: Db; env: MailEnv },
  message: Omit<MailMessage, "to">,
) {
  const recipients = await staffRecipients(db, env);
  if (!recipients.length) log.warn(`no staff to tell: "${message.subject}"`);
  for (const to of recipients) {
    try {
      await sendMail({ db, env }, { ...message, to });
    } catch (error) {
      log.warn(`could not tell ${to}: "${message.subject}"`, error);
    }
  }
}

/** Sends a mail to a client; failures are reported to the caller as false. */
export async function mailClient(
  { db, env }: { db: Db; env: MailEnv },
  message: MailMessage,
): Promise<boolean> {
  try {
    await sendMail({ db, env }, message);
    return true;
  } catch (error) {
    log.warn(`mail to ${message.to} failed: "${message.subject}"`, error);
    return false;
  }
}

/** Escapes text for the HTML part of a mail. */
export function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}
