import { and, eq, getTableColumns, sql } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import {
  cheapCount,
  keysetCondition,
  keysetPage,
  keysetPosition,
  orderBy,
  readingDir,
  settledCount,
} from "#server/business/list-query.ts";
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
  const query = { page: Math.floor(offset / pageSize) + 1, pageSize, after, before };
  const position = keysetPosition(query);
  const dir = readingDir("desc", position);
  const [fetched, estimated] = await Promise.all([
    db
      .select({
        ...getTableColumns(mailMessages),
        sortKey: sql<string>`${mailMessages.createdAt}::text`,
      })
      .from(mailMessages)
      .where(
        position.cursor
          ? and(
              where,
              keysetCondition(mailMessages.createdAt, mailMessages.id, dir, position.cursor),
            )
          : where,
      )
      .orderBy(...orderBy(mailMessages.createdAt, dir, mailMessages.id))
      .limit(pageSize + 1)
      .offset(position.cursor ? 0 : offset),
    cheapCount(db, db.select({ one: sql`1` }).from(mailMessages).where(where)),
  ]);
  const page = keysetPage(fetched, query, position);
  const rows = page.rows;
  const { total, isEstimate } = settledCount(estimated, page);
  return {
    total,
    totalIsEstimate: isEstimate,
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
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
