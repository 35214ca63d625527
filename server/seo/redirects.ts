import { asc, eq, or } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "#server/audit/audit.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import type { Actor } from "#server/content-admin/revisions.ts";
import { findLiveSlugRedirects } from "#server/content-admin/slug-redirects.ts";
import type { Database, Db, Tx } from "#server/db/client.ts";
import { redirects } from "#server/db/schema/seo.ts";
import { AppError, invalid } from "#server/errors.ts";

/** Paths that belong to the product itself and can never be redirected away. */
const reservedPrefixes = ["/admin", "/api", "/uploads", "/assets", "/events", "/login", "/setup"];

export function normalizePath(path: string) {
  const trimmed = path.trim();
  if (trimmed.length > 1 && trimmed.endsWith("/")) return trimmed.replace(/\/+$/, "");
  return trimmed;
}

/** Whether a path belongs to the product itself (the command center, files, sign-in). */
export function isProductPath(path: string) {
  return reservedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The key a redirect from a path with one query parameter is kept under: `/?p=123`, the
 * parameter written the one way URLSearchParams writes it, so `/?p=123` and `/?p=%31%32%33`
 * are the same redirect.
 */
export function queryRedirectKey(path: string, name: string, value: string) {
  return `${normalizePath(path)}?${new URLSearchParams([[name, value]]).toString()}`;
}

/**
 * A redirect's source as staff or an import give it: a path, or a path and exactly one
 * query parameter (`/?p=123`, an old WordPress address). Undefined when it is neither.
 */
export function parseRedirectSource(value: string) {
  const question = value.indexOf("?");
  const path = normalizePath(question === -1 ? value : value.slice(0, question));
  if (!/^\/[^\s?#]*$/.test(path)) return undefined;
  if (question === -1) return path;
  const entries = [...new URLSearchParams(value.slice(question + 1)).entries()];
  if (entries.length !== 1 || !entries[0][0] || !entries[0][1] || value.includes("#"))
    return undefined;
  return queryRedirectKey(path, entries[0][0], entries[0][1]);
}

export const redirectFormSchema = z.object({
  fromPath: z
    .string()
    .trim()
    .min(1, "Enter the path to redirect, e.g. /old-page.")
    .max(500)
    .transform((value, context) => {
      const source = parseRedirectSource(value);
      if (source) return source;
      context.addIssue({
        code: "custom",
        message: "Enter a path starting with / (with at most one query parameter, as /?p=123).",
      });
      return z.NEVER;
    })
    .refine(
      (value) => !isProductPath(value.split("?")[0]),
      "This path belongs to the product and cannot be redirected.",
    ),
  toPath: z
    .string()
    .trim()
    .min(1, "Enter where it should go.")
    .max(2048)
    .refine(
      (value) => /^(\/[^\s]*|https?:\/\/\S+)$/.test(value),
      "Enter a path starting with / or a full https:// address.",
    )
    .transform((value) => (value.startsWith("/") ? normalizePath(value) : value)),
  status: z.coerce
    .number()
    .refine(
      (value) => value === 301 || value === 302,
      "Choose 301 (moved for good) or 302 (temporary).",
    )
    .transform((value) => value as 301 | 302),
});

export async function findRedirects(db: Db) {
  return db.select().from(redirects).orderBy(asc(redirects.fromPath));
}

/**
 * Adds a redirect. Loops (to itself, or back through another redirect) and
 * chains (its target is redirected too, or something already leads to it)
 * are refused: every redirect is one hop.
 */
export async function createRedirect({
  database,
  input,
  actor,
  address,
}: {
  database: Pick<Database, "db" | "notify">;
  input: unknown;
  actor: Actor;
  address?: string;
}) {
  const parsed = redirectFormSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const { fromPath, toPath, status } = parsed.data;
  const { db } = database;
  const problem = await findRedirectProblem(db, { fromPath, toPath });
  if (problem) throw problem;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(redirects).values({ fromPath, toPath, status }).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "create",
      area: "seo",
      recordId: created.id,
      detail: { fromPath, toPath, status },
      address,
    });
    return created;
  });
  await afterContentChange(database, "redirects changed");
  return row;
}

/**
 * Why a redirect cannot be added, or undefined: every redirect is one hop, so loops (to
 * itself, or back through another redirect) and chains (its target is redirected too, or
 * something already leads to it) are refused, as is a path already redirected.
 */
export async function findRedirectProblem(
  db: Db,
  { fromPath, toPath }: { fromPath: string; toPath: string },
): Promise<AppError | undefined> {
  if (fromPath === toPath)
    return new AppError("INVALID", "A page cannot redirect to itself.", {
      fieldErrors: { toPath: ["This would send visitors round in a loop."] },
    });
  const related = await db
    .select()
    .from(redirects)
    .where(
      or(
        eq(redirects.fromPath, fromPath),
        eq(redirects.fromPath, toPath),
        eq(redirects.toPath, fromPath),
      ),
    );
  const existing = related.find((row) => row.fromPath === fromPath);
  if (existing)
    return new AppError(
      "CONFLICT",
      existing.toPath === toPath
        ? `This redirect already exists: ${fromPath} → ${toPath} (${existing.status}).`
        : `${fromPath} already redirects to ${existing.toPath}. Delete that redirect first to send it elsewhere.`,
      { fieldErrors: { fromPath: ["This path is already redirected."] } },
    );
  const automatic = await findOldSlugTarget(db, fromPath);
  if (automatic)
    return new AppError(
      "CONFLICT",
      `${fromPath} already redirects to ${automatic}: it is the old address of a renamed page.`,
      { fieldErrors: { fromPath: ["This path is already redirected."] } },
    );
  const onward = related.find((row) => row.fromPath === toPath);
  if (onward)
    return new AppError(
      "INVALID",
      onward.toPath === fromPath
        ? `That makes a loop: ${toPath} already redirects to ${fromPath}.`
        : `That makes a chain: ${toPath} already redirects to ${onward.toPath}. Point it at ${onward.toPath} directly.`,
      { fieldErrors: { toPath: ["The target is redirected itself."] } },
    );
  const incoming = related.find((row) => row.toPath === fromPath);
  if (incoming)
    return new AppError(
      "INVALID",
      `That makes a chain: ${incoming.fromPath} already redirects to ${fromPath}. Change that redirect to point at ${toPath} instead.`,
      { fieldErrors: { fromPath: ["Another redirect leads here."] } },
    );
  return undefined;
}

/**
 * A page moved from one path to another (server/pages): its old path answers 301 to the new
 * one, redirects that led to the old path now lead straight to the new one (still one hop),
 * and a redirect away from the new path goes, since a page lives there now. Call it in the
 * page's transaction; the caller announces the change (afterContentChange).
 */
export async function redirectMovedPage(
  tx: Tx,
  { fromPath, toPath }: { fromPath: string; toPath: string },
) {
  await tx.delete(redirects).where(eq(redirects.fromPath, toPath));
  await tx.update(redirects).set({ toPath }).where(eq(redirects.toPath, fromPath));
  await tx
    .insert(redirects)
    .values({ fromPath, toPath, status: 301 })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath, status: 301 } });
}

export async function deleteRedirect({
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
  await database.db.transaction(async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", "That redirect was already deleted.");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "delete",
      area: "seo",
      recordId: id,
      detail: row,
      address,
    });
  });
  await afterContentChange(database, "redirects changed");
}

/** Where an old slug's address leads now, when it is one of a live insight or case study. */
async function findOldSlugTarget(db: Db, path: string) {
  const match = /^\/(insights|case-studies)\/([^/]+)$/.exec(path);
  if (!match) return null;
  const area = match[1] === "insights" ? "insight" : "case-study";
  const [row] = await findLiveSlugRedirects(db, { area, oldSlug: match[2] });
  return row ? `/${match[1]}/${row.slug}` : null;
}

export type RedirectTable = Map<string, { to: string; status: 301 | 302 }>;

/** Every redirect the site answers: the managed ones and the old slugs of live items. */
export async function loadRedirectTable(db: Db): Promise<RedirectTable> {
  const table: RedirectTable = new Map();
  for (const row of await findRedirects(db))
    table.set(row.fromPath, { to: row.toPath, status: row.status });
  for (const [area, prefix] of [
    ["insight", "/insights/"],
    ["case-study", "/case-studies/"],
  ] as const) {
    for (const row of await findLiveSlugRedirects(db, { area })) {
      if (!table.has(`${prefix}${row.oldSlug}`))
        table.set(`${prefix}${row.oldSlug}`, { to: `${prefix}${row.slug}`, status: 301 });
    }
  }
  return table;
}
