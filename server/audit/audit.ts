import { and, count, desc, eq, type SQL } from "drizzle-orm";
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

export type AuditFilter = { actorId?: string; area?: string; page?: number; pageSize?: number };

/** The audit log, newest first, filtered by person and area. */
export async function findAuditEvents(db: Db, filter: AuditFilter = {}) {
  const pageSize = filter.pageSize ?? 50;
  const page = Math.max(1, filter.page ?? 1);
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditEvents.actorId, filter.actorId));
  if (filter.area) conditions.push(eq(auditEvents.area, filter.area));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total, page, pageSize };
}

/** The areas that appear in the log, for the filter. */
export async function listAuditAreas(db: Db) {
  const rows = await db
    .selectDistinct({ area: auditEvents.area })
    .from(auditEvents)
    .orderBy(auditEvents.area);
  return rows.map((row) => row.area);
}
