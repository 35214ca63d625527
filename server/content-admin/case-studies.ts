import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from "drizzle-orm";
import type { CaseStudyInput } from "../../app/lib/content-admin/forms";
import { caseStudyFormSchema } from "../../app/lib/content-admin/forms";
import { recordAudit } from "../audit/audit";
import type { Database, Db } from "../db/client";
import { caseStudies } from "../db/schema/content";
import { AppError, invalid } from "../errors";
import { setMediaUsage } from "../media/media";
import { ADMIN_PAGE_SIZE, withoutNulls } from "./insights";
import { afterContentChange } from "./invalidate";
import { publishingValues } from "./publishing";
import { type Actor, getRevision, type RevisionReason, recordRevision } from "./revisions";
import { addSlugRedirect, removeSlugRedirect } from "./slug-redirects";

export { ADMIN_PAGE_SIZE };

type Status = "draft" | "scheduled" | "published";

/** Case studies for the command center list: search title/slug/client, filter by state, newest first. */
export async function findCaseStudiesForAdmin({
  db,
  search,
  status,
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
}: {
  db: Db;
  search?: string;
  status?: Status;
  page?: number;
  pageSize?: number;
}) {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(caseStudies.status, status));
  if (search?.trim()) {
    const pattern = `%${search.trim().replace(/[%_\\]/g, "\\$&")}%`;
    conditions.push(
      or(
        ilike(caseStudies.title, pattern),
        ilike(caseStudies.slug, pattern),
        ilike(caseStudies.client, pattern),
      ) as SQL,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(caseStudies).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select({
      id: caseStudies.id,
      title: caseStudies.title,
      slug: caseStudies.slug,
      client: caseStudies.client,
      status: caseStudies.status,
      publishAt: caseStudies.publishAt,
      publishedAt: caseStudies.publishedAt,
      updatedAt: caseStudies.updatedAt,
    })
    .from(caseStudies)
    .where(where)
    .orderBy(desc(caseStudies.updatedAt))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows, total, page: current, pageCount };
}

export async function getCaseStudyForEdit({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.id, id));
  return row;
}

/** Case studies staff can pick as related (everything but the item itself). */
export async function findCaseStudyChoices({ db, excludeId }: { db: Db; excludeId?: string }) {
  return db
    .select({ id: caseStudies.id, title: caseStudies.title, status: caseStudies.status })
    .from(caseStudies)
    .where(excludeId ? ne(caseStudies.id, excludeId) : undefined)
    .orderBy(asc(caseStudies.title))
    .limit(500);
}

function snapshotOf(input: CaseStudyInput) {
  const { status: _status, publishAt: _publishAt, ...content } = input;
  return content;
}

function parseCaseStudy(input: unknown) {
  const parsed = caseStudyFormSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

async function checkSlugFree(db: Db, slug: string, id?: string) {
  const [clash] = await db
    .select({ id: caseStudies.id })
    .from(caseStudies)
    .where(
      id ? and(eq(caseStudies.slug, slug), ne(caseStudies.id, id)) : eq(caseStudies.slug, slug),
    );
  if (clash)
    throw new AppError("CONFLICT", "Another case study already uses this slug.", {
      fieldErrors: { slug: ["Another case study already uses this slug. Choose another."] },
    });
}

/**
 * Creates or updates a case study from the editor. Changing the slug of a
 * published case study keeps the old URL working (a 301 to the new one); every
 * save keeps a revision; images it uses are recorded.
 */
export async function saveCaseStudy({
  database,
  id,
  input,
  actor,
  address,
  reason = "save",
}: {
  database: Pick<Database, "db" | "notify">;
  id?: string;
  input: unknown;
  actor: Actor;
  address?: string;
  reason?: RevisionReason;
}) {
  const { db } = database;
  const value = parseCaseStudy(input);
  const existing = id ? await getCaseStudyForEdit({ db, id }) : undefined;
  if (id && !existing) throw new AppError("NOT_FOUND", "This case study no longer exists.");
  if (reason === "autosave" && existing?.status !== "draft")
    throw new AppError("CONFLICT", "Only drafts are saved automatically; save this one yourself.");
  await checkSlugFree(db, value.slug, id);
  const now = new Date();
  const fields = {
    title: value.title,
    slug: value.slug,
    client: value.client,
    industry: value.industry,
    services: value.services,
    summary: value.summary,
    challenge: value.challenge,
    solution: value.solution,
    results: value.results,
    metrics: value.metrics,
    coverImage: value.coverImage,
    coverAlt: value.coverAlt,
    seoTitle: value.seoTitle,
    seoDescription: value.seoDescription,
    socialImage: value.socialImage,
    relatedIds: value.relatedIds.filter((related) => related !== id),
    ...publishingValues(value, existing, now),
    updatedAt: now,
  };
  const saved = await db.transaction(async (tx) => {
    let recordId = id;
    if (existing && recordId) {
      await tx.update(caseStudies).set(fields).where(eq(caseStudies.id, recordId));
      const wasPublic =
        existing.status === "published" && existing.publishedAt && existing.publishedAt <= now;
      if (existing.slug !== value.slug && wasPublic)
        await addSlugRedirect(tx, { area: "case-study", oldSlug: existing.slug, recordId });
    } else {
      const [row] = await tx.insert(caseStudies).values(fields).returning({ id: caseStudies.id });
      recordId = row.id;
    }
    await removeSlugRedirect(tx, { area: "case-study", slug: value.slug });
    await recordRevision(tx, {
      area: "case-study",
      recordId,
      snapshot: snapshotOf(value),
      reason:
        reason === "save" && fields.status === "published" && existing?.status !== "published"
          ? "publish"
          : reason,
      actor,
    });
    await setMediaUsage(tx, {
      usedBy: `case-study:${recordId}`,
      label: `Case study “${value.title}”`,
      urls: [value.coverImage, value.socialImage, value.challenge, value.solution, value.results],
    });
    if (reason !== "autosave")
      await recordAudit(tx, {
        actorId: actor.id,
        action: existing ? "update" : "create",
        area: "case-studies",
        recordId,
        detail: { title: value.title, slug: value.slug, status: fields.status },
        address,
      });
    return { id: recordId, slug: value.slug, status: fields.status };
  });
  await afterContentChange(database, `case study ${saved.slug}`);
  return saved;
}

/** Copies an old version's content back (its state and schedule stay as they are now). */
export async function restoreCaseStudyRevision({
  database,
  id,
  revisionId,
  actor,
  address,
}: {
  database: Pick<Database, "db" | "notify">;
  id: string;
  revisionId: string;
  actor: Actor;
  address?: string;
}) {
  const existing = await getCaseStudyForEdit({ db: database.db, id });
  if (!existing) throw new AppError("NOT_FOUND", "This case study no longer exists.");
  const revision = await getRevision(database.db, {
    area: "case-study",
    recordId: id,
    id: revisionId,
  });
  if (!revision) throw new AppError("NOT_FOUND", "That version no longer exists.");
  return saveCaseStudy({
    database,
    id,
    input: {
      ...withoutNulls(revision.snapshot),
      status: existing.status,
      publishAt: existing.status === "scheduled" ? existing.publishAt?.toISOString() : undefined,
      relatedIds: (revision.snapshot.relatedIds as string[] | undefined) ?? [],
      services: (revision.snapshot.services as string[] | undefined) ?? [],
      metrics: (
        (revision.snapshot.metrics as Array<{ label: string; value: string }> | undefined) ?? []
      )
        .map((metric) => `${metric.label}: ${metric.value}`)
        .join("\n"),
    },
    actor,
    address,
    reason: "restore",
  });
}

export async function deleteCaseStudy({
  database,
  id,
  actor,
  address,
}: {
  database: Pick<Database, "db" | "notify">;
  id: string;
  actor: Actor;
  address?: string;
}) {
  const { db } = database;
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(caseStudies)
      .where(eq(caseStudies.id, id))
      .returning({ slug: caseStudies.slug, title: caseStudies.title });
    if (!row) throw new AppError("NOT_FOUND", "This case study no longer exists.");
    await setMediaUsage(tx, { usedBy: `case-study:${id}`, label: "", urls: [] });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "delete",
      area: "case-studies",
      recordId: id,
      detail: row,
      address,
    });
    return row;
  });
  await afterContentChange(database, `case study ${deleted.slug} deleted`);
  return deleted;
}

export async function findCaseStudyTitles({ db, ids }: { db: Db; ids: string[] }) {
  if (!ids.length) return [];
  return db
    .select({ id: caseStudies.id, title: caseStudies.title })
    .from(caseStudies)
    .where(inArray(caseStudies.id, ids));
}
