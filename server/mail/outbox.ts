import { count, desc, eq } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { Db } from "#server/db/client.ts";
import { mailMessages } from "#server/db/schema/mail.ts";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Plain text as HTML with its web links made clickable. */
function textToHtml(text: string) {
  return escapeHtml(text)
    .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, "<br>");
}

/** A mail's body safe to show inside the command center (no scripts, styles or frames). */
export function renderMailBody(message: { html: string | null; text: string }) {
  return sanitizeHtml(message.html ?? textToHtml(message.text), {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img"],
    allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "width", "height"] },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
    },
  });
}

/** The Outbox: every mail the product kept or sent, newest first. */
export async function findOutboxMessages(
  db: Db,
  { to, offset, pageSize }: { to?: string; offset: number; pageSize: number },
) {
  const where = to ? eq(mailMessages.to, to.trim().toLowerCase()) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(mailMessages).where(where),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      to: row.to,
      from: row.from,
      subject: row.subject,
      status: row.status,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      bodyHtml: renderMailBody(row),
    })),
  };
}
