import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { portalAccess } from "#server/db/schema/portal.ts";
import type { Env } from "#server/env.ts";
import { escapeHtml } from "./notify";

export const PORTAL_MENTION = "See everything in your client portal";

/**
 * The line a client mail (proposal, welcome, invoice) adds when its contact may sign in to
 * the client portal; nothing for a contact who was never invited or whose access was revoked.
 */
export async function portalMention({
  db,
  env,
  contactId,
}: {
  db: Db | Tx;
  env: Pick<Env, "PUBLIC_URL">;
  contactId: string;
}) {
  const [access] = await db
    .select({ contactId: portalAccess.contactId })
    .from(portalAccess)
    .where(and(eq(portalAccess.contactId, contactId), isNull(portalAccess.revokedAt)));
  if (!access) return { text: "", html: "" };
  const link = `${env.PUBLIC_URL}/portal`;
  return {
    text: `${PORTAL_MENTION}: ${link}\n`,
    html: `<p><a href="${escapeHtml(link)}">${PORTAL_MENTION}</a></p>`,
  };
}
