import { eq, getTableColumns, sql } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { readKeysetPage } from "#server/business/list-query.ts";
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

/**
 * The Outbox: every mail the product kept or sent, newest first; deep pages by keyset
 * (`after`/`before`, decisions 746, 763; `offset` for old addresses), the count cheap.
 */
export async function findOutboxMessages(
  db: Db,
  {
    to,
    offset,
    pageSize,
    after,
    before,
  }: { to?: string; offset: number; pageSize: number; after?: string; before?: string },
) {
  const where = to ? eq(mailMessages.to, to.trim().toLowerCase()) : undefined;
  const page = await readKeysetPage({
    db,
    query: { page: Math.floor(offset / pageSize) + 1, pageSize, after, before },
    sort: mailMessages.createdAt,
    id: mailMessages.id,
    dir: "desc",
    where,
    count: db.select({ one: sql`1` }).from(mailMessages).where(where),
    select: db
      .select({
        ...getTableColumns(mailMessages),
        sortKey: sql<string>`${mailMessages.createdAt}::text`,
      })
      .from(mailMessages)
      .$dynamic(),
  });
  return {
    total: page.total,
    totalIsEstimate: page.totalIsEstimate,
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
    rows: page.rows.map((row) => ({
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
