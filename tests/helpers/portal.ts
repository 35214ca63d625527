import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { getClient } from "#server/clients/clients.ts";
import type { Db } from "#server/db/client.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { inviteContact } from "#server/portal/access.ts";
import { signInWithLink } from "#server/portal/links.ts";
import { makeClient, staff } from "./business";

/** What the portal's functions need of the configuration, with the mail kept in the Outbox. */
export const portalEnv = {
  PUBLIC_URL: "http://frontier.test",
  MAIL_FROM: "Frontier <hello@frontier.test>",
  STAFF_EMAIL: "staff@frontier.test",
  SMTP_URL: undefined,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "frontier-portal-")),
};

/** The newest one-time portal link mailed to an address (from the Outbox). */
export async function latestPortalToken(db: Db, to: string) {
  const [mail] = await db
    .select({ text: mailMessages.text })
    .from(mailMessages)
    .where(and(eq(mailMessages.to, to)))
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  const token = mail?.text.match(/\/portal\/sign-in\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no portal link mailed to ${to}`);
  return token;
}

/** The "name=value" of a Set-Cookie header, for a request's Cookie header. */
export function cookiePair(setCookie: string) {
  return setCookie.split(";")[0];
}

/** A client with one contact who was invited to the portal and signed in: their cookie. */
export async function makePortalClient(
  db: Db,
  overrides: { company?: string; currency?: string } = {},
) {
  const created = await makeClient(db, overrides);
  const client = (await getClient({ db, id: created.id }))!;
  const [contact] = client.contacts;
  await inviteContact({
    db,
    env: portalEnv,
    actor: staff,
    clientId: client.id,
    contactId: contact.id,
  });
  const token = await latestPortalToken(db, contact.email);
  const setCookie = await signInWithLink({ db, env: portalEnv, token, address: "203.0.113.5" });
  return { client, contact, cookie: cookiePair(setCookie) };
}
