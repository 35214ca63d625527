import { asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import { DEFAULT_PAGE_SIZE, readKeysetPage } from "#server/business/list-query.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import type { Database, Db } from "#server/db/client.ts";
import { testimonials } from "#server/db/schema/content.ts";
import { AppError, invalid } from "#server/errors.ts";
import { setMediaUsage } from "#server/media/media.ts";
import { testimonialFormSchema } from "#shared/content-admin/forms.ts";
import { type Actor, recordRevision } from "./revisions";

type Base = { database: Pick<Database, "db" | "notify">; actor: Actor; address?: string };

/**
 * The testimonials in the order the site shows them (position, then age, the id breaking
 * ties), a page at a time: deep pages by keyset (`after`/`before`, decisions 746, 780;
 * `page` an offset for old addresses), the count cheap past 10,000. The cursor's key is
 * `position|created_at`, split and cast back in the condition.
 */
export async function findTestimonialsForAdmin({
  db,
  page = 1,
  pageSize = DEFAULT_PAGE_SIZE,
  after,
  before,
}: {
  db: Db;
  page?: number;
  pageSize?: number;
  after?: string;
  before?: string;
}) {
  return readKeysetPage({
    db,
    query: { page: Math.max(1, page), pageSize, after, before },
    sort: testimonials.position,
    id: testimonials.id,
    dir: "asc",
    where: undefined,
    count: db.select({ one: sql`1` }).from(testimonials),
    past: (reading, cursor) => {
      const split = /^(-?\d{1,10})\|(.+)$/.exec(cursor.key);
      if (!split) return undefined;
      const row = sql`(${testimonials.position}, ${testimonials.createdAt}, ${testimonials.id})`;
      const key = sql`(${split[1]}::int, ${split[2]}::timestamptz, ${cursor.id}::uuid)`;
      return reading === "asc" ? sql`${row} > ${key}` : sql`${row} < ${key}`;
    },
    order: (reading) => {
      const by = reading === "asc" ? asc : desc;
      return [by(testimonials.position), by(testimonials.createdAt), by(testimonials.id)];
    },
    select: db
      .select({
        ...getTableColumns(testimonials),
        sortKey: sql<string>`${testimonials.position}::text || '|' || ${testimonials.createdAt}::text`,
      })
      .from(testimonials)
      .$dynamic(),
  });
}

export async function getTestimonialForEdit({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
  return row;
}

export async function saveTestimonial({
  database,
  actor,
  address,
  id,
  input,
}: Base & { id?: string; input: unknown }) {
  const parsed = testimonialFormSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const value = parsed.data;
  const saved = await database.db.transaction(async (tx) => {
    let recordId = id;
    if (id) {
      const rows = await tx
        .update(testimonials)
        .set({ ...value, updatedAt: new Date() })
        .where(eq(testimonials.id, id))
        .returning({ id: testimonials.id });
      if (!rows.length) throw new AppError("NOT_FOUND", "This testimonial no longer exists.");
    } else {
      // New ones go last.
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${testimonials.position}), -1)::int + 1` })
        .from(testimonials);
      const [row] = await tx
        .insert(testimonials)
        .values({ ...value, position: next })
        .returning({ id: testimonials.id });
      recordId = row.id;
    }
    const finalId = recordId as string;
    await recordRevision(tx, {
      area: "testimonial",
      recordId: finalId,
      snapshot: value,
      reason: "save",
      actor,
    });
    await setMediaUsage(tx, {
      usedBy: `testimonial:${finalId}`,
      label: `Testimonial by ${value.name}`,
      urls: [value.photoUrl],
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: id ? "update" : "create",
      area: "testimonials",
      recordId: finalId,
      detail: { name: value.name, company: value.company },
      address,
    });
    return { id: finalId };
  });
  await afterContentChange(database, "testimonials changed");
  return saved;
}

/** Moves one testimonial up or down by one place; positions are renumbered 0..n-1. */
export async function moveTestimonial({
  database,
  actor,
  address,
  id,
  direction,
}: Base & { id: string; direction: "up" | "down" }) {
  await database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: testimonials.id })
      .from(testimonials)
      .orderBy(asc(testimonials.position), asc(testimonials.createdAt), asc(testimonials.id))
      .for("update");
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) throw new AppError("NOT_FOUND", "This testimonial no longer exists.");
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= rows.length) return;
    [rows[index], rows[target]] = [rows[target], rows[index]];
    for (const [position, row] of rows.entries())
      await tx.update(testimonials).set({ position }).where(eq(testimonials.id, row.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "reorder",
      area: "testimonials",
      recordId: id,
      detail: { direction },
      address,
    });
  });
  await afterContentChange(database, "testimonials reordered");
}

export async function setTestimonialVisibility({
  database,
  actor,
  address,
  id,
  isVisible,
}: Base & { id: string; isVisible: boolean }) {
  await database.db.transaction(async (tx) => {
    const rows = await tx
      .update(testimonials)
      .set({ isVisible, updatedAt: new Date() })
      .where(eq(testimonials.id, id))
      .returning({ id: testimonials.id });
    if (!rows.length) throw new AppError("NOT_FOUND", "This testimonial no longer exists.");
    await recordAudit(tx, {
      actorId: actor.id,
      action: isVisible ? "show" : "hide",
      area: "testimonials",
      recordId: id,
      address,
    });
  });
  await afterContentChange(database, "testimonials changed");
}

export async function deleteTestimonial({ database, actor, address, id }: Base & { id: string }) {
  await database.db.transaction(async (tx) => {
    const rows = await tx
      .delete(testimonials)
      .where(eq(testimonials.id, id))
      .returning({ name: testimonials.name });
    if (!rows.length) throw new AppError("NOT_FOUND", "This testimonial no longer exists.");
    await setMediaUsage(tx, { usedBy: `testimonial:${id}`, label: "", urls: [] });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "delete",
      area: "testimonials",
      recordId: id,
      detail: rows[0],
      address,
    });
  });
  await afterContentChange(database, "testimonials changed");
}
