import { eq } from "drizzle-orm";
import { isCacheablePath } from "#server/cache/public-pages.ts";
import type { Db } from "#server/db/client.ts";
import { pages } from "#server/db/schema/pages.ts";
import { redirects } from "#server/db/schema/seo.ts";
import { findBuiltInPage } from "#server/pages/built-in.ts";
import { findRedirectProblem, isProductPath, parseRedirectSource } from "#server/seo/redirects.ts";
import { findImported, type LedgerKey } from "./ledger";
import type { SiteState } from "./site-state";
import type { ImportContext, PlannedItem } from "./types";

/**
 * A 301 from every old address of an imported post or page to where it lives now (decision
 * 521): `/2019/05/moving-fast/`, `/?p=101`, `/about-us-old/`, `/?page_id=12`. An address
 * that is Frontier's own, or where a page lives, is left alone: a redirect there would hide it.
 */

/** What old addresses lead to: an imported insight or page, found through the ledger. */
export type RedirectTarget = {
  /** The ledger's key of the record they lead to. */
  key: LedgerKey;
  /** How messages speak of it: "post", "page". */
  noun: string;
  /** Its address now, by its id; undefined once it is gone. */
  pathOf(db: Db, id: string): Promise<string | undefined>;
};

/** Whether a page is (or is about to be) at a path: stored, built in, or planned in this file. */
export async function isPagePath(db: Db, state: SiteState, path: string) {
  if (state.plannedPagePaths.has(path) || findBuiltInPage(path)) return true;
  const [stored] = await db.select({ id: pages.id }).from(pages).where(eq(pages.path, path));
  return Boolean(stored);
}

/**
 * The preview's redirect rows of one post or page: to the record imported before
 * (`importedId`), or to the one this import creates at `plannedPath`.
 */
export async function planRedirects(
  owner: { origin: string; oldPaths: string[] },
  target: RedirectTarget,
  context: ImportContext,
  state: SiteState,
  at: { importedId: string } | { plannedPath: string },
): Promise<PlannedItem[]> {
  const items: PlannedItem[] = [];
  const importedId = "importedId" in at ? at.importedId : undefined;
  const path = "importedId" in at ? await target.pathOf(context.db, at.importedId) : at.plannedPath;
  if (!path) return items;
  for (const oldPath of owner.oldPaths) {
    const from = parseRedirectSource(oldPath);
    const base = {
      itemKind: "redirect",
      origin: owner.origin,
      label: `${from ?? oldPath} → ${path}`,
    };
    if (!from) {
      items.push({ ...base, action: "skip", reason: "Not an address on the old site." });
      continue;
    }
    const pathOnly = from.split("?")[0];
    const hasQuery = from.includes("?");
    let reason = "";
    if (from === path) reason = "The old address is the new one.";
    else if (isProductPath(pathOnly)) reason = "The address belongs to Frontier's own tools.";
    else if (!hasQuery && isCacheablePath(from) && !/^\/(insights|case-studies)\/[^/]+$/.test(from))
      reason = `Frontier has its own page at ${from}.`;
    else if (!hasQuery && (await isPagePath(context.db, state, from)))
      reason = `A page lives at ${from}.`;
    else if (state.plannedRedirects.has(from))
      reason = "Another item of this file had this address.";
    else {
      const problem = await findRedirectProblem(context.db, { fromPath: from, toPath: path });
      if (problem)
        reason = problem.message.startsWith("This redirect already exists")
          ? "Already there."
          : problem.message;
    }
    state.plannedRedirects.add(from);
    if (reason) {
      items.push({ ...base, action: "skip", reason });
      continue;
    }
    items.push({
      ...base,
      action: "create",
      reason: "A 301 (moved for good).",
      run: async () => {
        const record = importedId
          ? { targetId: importedId }
          : await findImported(context.db, target.key);
        if (!record) return { outcome: "skipped", note: `Its ${target.noun} was not imported.` };
        const to = await target.pathOf(context.db, record.targetId);
        if (!to) return { outcome: "skipped", note: `Its ${target.noun} is gone.` };
        const rows = await context.db
          .insert(redirects)
          .values({ fromPath: from, toPath: to, status: 301 })
          .onConflictDoNothing()
          .returning({ id: redirects.id });
        return rows.length
          ? { outcome: "created", note: `${from} → ${to}`, targetHref: "/admin/seo" }
          : { outcome: "skipped", note: "Already there." };
      },
    });
  }
  return items;
}
