import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { orderBy, readKeysetPage } from "#server/business/list-query.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema/audit.ts";

export type AuditEntry = {
  /** The staff user who made the change (null for the system or the shell). */
  actorId: string | null;
  /** What happened, as a verb: "create", "update", "delete", "send", "disable"... */
  action: string;
  /** The command-center area: "clients", "invoices", "team"... */
  area: string;
  /** The changed record's id, when there is one. */
  recordId?: string | null;
  /** A few facts worth keeping (never passwords or tokens). */
  detail?: Record<string, unknown>;
  /** The client address the change came from (context.clientAddress). */
  address?: string | null;
  /** Kept beside the id so the log still reads well after the account is gone. */
  actorEmail?: string | null;
};

/**
 * Records one staff change. Call it inside the same transaction as the change
 * (pass the transaction as `db`) so a change is never without its record.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry) {
  await db.insert(auditEvents).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    area: entry.area,
    recordId: entry.recordId ?? null,
    detail: entry.detail ?? {},
    address: entry.address ?? null,
  });
}

export type AuditFilter = {
  actorId?: string;
  area?: string;
  page?: number;
  pageSize?: number;
  /** Keyset cursors (decision 763): the page after or before this one. */
  after?: string;
  before?: string;
};

/**
 * The audit log, newest first, filtered by person and area; deep pages by keyset on
 * (created_at, seq) (decisions 746, 763), the count cheap past 10,000. The cursor's key is
 * `created_at|seq`: seq, not the id, breaks ties, as events of one transaction share a time.
 */
export async function findAuditEvents(db: Db, filter: AuditFilter = {}) {
  const pageSize = filter.pageSize ?? 50;
  const page = Math.max(1, filter.page ?? 1);
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditEvents.actorId, filter.actorId));
  if (filter.area) conditions.push(eq(auditEvents.area, filter.area));
  const where = conditions.length ? and(...conditions) : undefined;
  return readKeysetPage({
    db,
    query: { page, pageSize, after: filter.after, before: filter.before },
    sort: auditEvents.createdAt,
    id: auditEvents.id,
    dir: "desc",
    where,
    count: db.select({ one: sql`1` }).from(auditEvents).where(where),
    past: (reading, cursor) => {
      const split = /^(.+)\|(\d{1,19})$/.exec(cursor.key);
      if (!split) return undefined;
      const key = sql`(${split[1]}::timestamptz, ${split[2]}::bigint)`;
      const row = sql`(${auditEvents.createdAt}, ${auditEvents.seq})`;
      return reading === "desc" ? sql`${row} < ${key}` : sql`${row} > ${key}`;
    },
    order: (reading) => orderBy(auditEvents.createdAt, reading, auditEvents.seq),
    select: db
      .select({
        ...getTableColumns(auditEvents),
        sortKey: sql<string>`${auditEvents.createdAt}::text || '|' || ${auditEvents.seq}::text`,
      })
      .from(auditEvents)
      .$dynamic(),
  });
}

/** The areas that appear in the log, for the filter. */
export async function listAuditAreas(db: Db) {
  const rows = await db
    .selectDistinct({ area: auditEvents.area })
    .from(auditEvents)
    .orderBy(auditEvents.area);
  return rows.map((row) => row.area);
}
