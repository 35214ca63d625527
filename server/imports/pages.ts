import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PublishStatus } from "#server/db/schema/content.ts";
import { pages } from "#server/db/schema/pages.ts";
import { redirects } from "#server/db/schema/seo.ts";
import { AppError } from "#server/errors.ts";
import { createPage, type PageInput, parsePageInput } from "#server/pages/pages.ts";
import { isRouteOwnedPath } from "#server/pages/paths.ts";
import { isProductPath } from "#server/seo/redirects.ts";
import { slugify } from "#shared/content-admin/forms.ts";
import { MAX_BLOCK_MARKDOWN } from "#shared/pages/blocks.ts";
import { type ConvertedHtml, htmlToMarkdown, htmlToText, shorten } from "./html-to-markdown";
import { planImage, withImportedImages } from "./images";
import { AlreadyImportedError, findImported, recordImported } from "./ledger";
import { isPagePath, planRedirects, type RedirectTarget } from "./old-addresses";
import type { SiteState } from "./site-state";
import type { ImportContext, PlannedItem } from "./types";

/**
 * WordPress and Ghost pages as pages built from blocks (server/pages, decision 770): a hero
 * with the title, then the page's text as rich-text blocks, created through `createPage`
 * with the ledger entry in its transaction. Their images come into the media library as a
 * post's do, and every old address of a published page answers 301 with the page's path.
 */

export type SourcePage = {
  /** The page's key in its origin (the ledger's). */
  key: string;
  origin: string;
  title: string;
  slug: string;
  html: string;
  isWordPress: boolean;
  status: "published" | "draft" | "scheduled" | "skip";
  /** What to tell staff about the state (a private page kept as a draft…). */
  statusNote?: string;
  skipReason?: string;
  /** When it was (or will be) published. */
  date: Date | null;
  /** Old addresses that should lead to the page: paths, or a path with one parameter. */
  oldPaths: string[];
};

/** A fenced code block's opening or closing line. */
const FENCE = /^(`{3,}|~{3,})/;

/**
 * Markdown cut into pieces: paragraphs, a fenced code block whole. Splitting only between
 * them keeps each piece's Markdown meaning what it meant in one.
 */
function markdownPieces(markdown: string) {
  const pieces: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    const piece = current.join("\n").trim();
    if (piece) pieces.push(piece);
    current = [];
  };
  for (const line of markdown.split("\n")) {
    const marker = FENCE.exec(line.trim())?.[1];
    if (fence) {
      current.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) {
        fence = undefined;
        flush();
      }
    } else if (marker) {
      flush();
      fence = marker;
      current.push(line);
    } else if (!line.trim()) flush();
    else current.push(line);
  }
  flush();
  return pieces;
}

/** A piece longer than `max` cut at line breaks (a code block's fence opened again), then anywhere. */
function cutPiece(piece: string, max: number): string[] {
  if (piece.length <= max) return [piece];
  const lines = piece.split("\n");
  const fence = FENCE.exec(lines[0])?.[1];
  const open = fence ? `${lines[0]}\n` : "";
  const close = fence ? `\n${fence}` : "";
  const inner = fence ? lines.slice(1, FENCE.test(lines.at(-1) ?? "") ? -1 : undefined) : lines;
  const room = max - open.length - close.length;
  const parts: string[] = [];
  let part = "";
  for (const line of inner) {
    for (let at = 0; at < Math.max(line.length, 1); at += room) {
      const chunk = line.slice(at, at + room);
      if (part && part.length + 1 + chunk.length > room) {
        parts.push(part);
        part = chunk;
      } else part = part ? `${part}\n${chunk}` : chunk;
    }
  }
  if (part) parts.push(part);
  return parts.map((text) => `${open}${text}${close}`);
}

/** Markdown as rich-text blocks' texts, each within a block's limit, split between paragraphs. */
export function splitMarkdown(markdown: string, max = MAX_BLOCK_MARKDOWN) {
  const texts: string[] = [];
  let text = "";
  for (const piece of markdownPieces(markdown).flatMap((piece) => cutPiece(piece, max))) {
    if (text && text.length + 2 + piece.length > max) {
      texts.push(text);
      text = piece;
    } else text = text ? `${text}\n\n${piece}` : piece;
  }
  if (text) texts.push(text);
  return texts;
}

/**
 * Text that reads as an HTML tag (`<div>` in a sentence or a code sample) kept as text: a
 * block's Markdown refuses raw HTML. Outside code `<` is written `&lt;`; inside code, where
 * entities are not read, a zero-width space follows it.
 */
export function withoutTagLikeText(markdown: string) {
  let fence: string | undefined;
  let isChanged = false;
  const lines = markdown.split("\n").map((line) => {
    const marker = FENCE.exec(line.trim())?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      else if (/<[a-z!?/]/i.test(line)) {
        isChanged = true;
        return line.replace(/<(?=[a-z!?/])/gi, "<\u200b");
      }
      return line;
    }
    if (marker) {
      fence = marker;
      return line;
    }
    // Inline code spans keep the zero-width space; the rest of the line takes the entity.
    return line.replace(
      /(`+)([\s\S]*?)\1|<(?=[a-z!?/])/gi,
      (whole, ticks?: string, code?: string) => {
        if (ticks) {
          if (!/<[a-z!?/]/i.test(code ?? "")) return whole;
          isChanged = true;
          return `${ticks}${(code ?? "").replace(/<(?=[a-z!?/])/gi, "<\u200b")}${ticks}`;
        }
        isChanged = true;
        return "&lt;";
      },
    );
  });
  return { markdown: lines.join("\n"), isChanged };
}

/** A page's fields and blocks: a hero with its title, then its text. */
export function pageInputOf(page: { path: string; title: string; markdown: string }): PageInput {
  return {
    path: page.path,
    title: page.title,
    blocks: [
      { type: "hero", variant: "page", title: page.title },
      ...splitMarkdown(page.markdown).map((markdown) => ({ type: "richText", markdown })),
    ],
  };
}

/** A page's title as the plain text a hero takes (no tags; one that reads as a tag kept apart). */
function titleOf(page: SourcePage) {
  return shorten(htmlToText(page.title).replace(/<(?=[a-z!?/])/gi, "<\u200b"), 200);
}

/** "a hero and 2 rich-text blocks" */
function describeBlocks(textBlocks: number) {
  if (textBlocks === 0) return "a hero only";
  return `a hero and ${textBlocks} rich-text block${textBlocks === 1 ? "" : "s"}`;
}

/** Why a path cannot be an imported page's: a route or another page has it, or a redirect. */
async function pathTaken(path: string, context: ImportContext, state: SiteState) {
  if (isProductPath(path) || isRouteOwnedPath(path)) return "belongs to another part of the site";
  if (await isPagePath(context.db, state, path)) return "already has a page";
  if (state.plannedRedirects.has(path)) return "is an old address another item redirects";
  const [redirect] = await context.db
    .select({ id: redirects.id })
    .from(redirects)
    .where(eq(redirects.fromPath, path));
  return redirect ? "is redirected elsewhere" : undefined;
}

/** The path an imported page takes: its slug's when free, else with -2, -3… */
async function planPath(page: SourcePage, context: ImportContext, state: SiteState) {
  let decoded = page.slug;
  try {
    decoded = decodeURIComponent(page.slug);
  } catch {
    // kept as written
  }
  const base =
    slugify(decoded).slice(0, 90).replace(/-+$/, "") ||
    slugify(page.title).slice(0, 90).replace(/-+$/, "") ||
    `page-${slugify(page.key) || "imported"}`;
  let why: string | undefined;
  for (let suffix = 1; ; suffix++) {
    const candidate = `/${suffix === 1 ? base : `${base}-${suffix}`}`;
    const taken = await pathTaken(candidate, context, state);
    if (taken) {
      why ??= `/${base} ${taken}`;
      continue;
    }
    state.plannedPagePaths.add(candidate);
    return { path: candidate, note: why ? `At ${candidate}: ${why}.` : undefined };
  }
}

/** A page's address by its id, for the redirects to it. */
function pageTarget(key: RedirectTarget["key"]): RedirectTarget {
  return {
    key,
    noun: "page",
    async pathOf(db: Db, id: string) {
      const [row] = await db.select({ path: pages.path }).from(pages).where(eq(pages.id, id));
      return row?.path;
    },
  };
}

const stateText = { published: "Published", scheduled: "Scheduled", draft: "Draft" } as const;

/** Every row one page makes: its images, the page and its old addresses. */
export async function planPage(
  page: SourcePage,
  context: ImportContext,
  state: SiteState,
): Promise<PlannedItem[]> {
  const key = { source: state.source, itemKind: "page", sourceKey: page.key };
  const target = pageTarget(key);
  const title = titleOf(page);
  const items: PlannedItem[] = [];
  const pageItem: PlannedItem = {
    itemKind: "page",
    origin: page.origin,
    label: title || "(untitled)",
    action: "skip",
  };
  const imported = await findImported(context.db, key);
  let converted: ConvertedHtml | undefined;
  let reason = "";
  if (imported) {
    const path = await target.pathOf(context.db, imported.targetId);
    reason = path
      ? `Imported before: ${path}.`
      : "Imported before and deleted since: not created again.";
  } else if (page.status === "skip") reason = page.skipReason ?? "Not a page to import.";
  else if (!title) reason = "It has no title.";
  else converted = htmlToMarkdown(page.html, { isWordPress: page.isWordPress });
  if (reason || !converted) {
    pageItem.reason = reason;
    items.push(pageItem);
    // The old addresses of a page imported before still lead to it.
    if (imported && page.status === "published")
      items.push(
        ...(await planRedirects(page, target, context, state, {
          importedId: imported.targetId,
        })),
      );
    return items;
  }

  for (const image of converted.images) {
    const planned = planImage(image, { origin: page.origin, title }, context, state);
    if (planned) items.push(planned);
  }
  const { path, note: pathNote } = await planPath(page, context, state);
  const text = withoutTagLikeText(converted.markdown);
  let status: PublishStatus = page.status === "skip" ? "draft" : page.status;
  const notes: string[] = [];
  if (page.statusNote) notes.push(page.statusNote);
  if (status === "scheduled" && (!page.date || page.date.getTime() <= Date.now() + 60_000)) {
    status = "draft";
    notes.push("Its schedule has passed: kept as a draft.");
  }
  if (pathNote) notes.push(pathNote);
  if (!text.markdown.trim()) notes.push("It has no text: the page holds its title only.");
  if (converted.shortcodes.length)
    notes.push(`Shortcodes removed: ${converted.shortcodes.join(", ")}.`);
  if (converted.hadActiveContent) notes.push("Scripts, frames and forms in its HTML were removed.");
  if (text.isChanged) notes.push("Text that looked like HTML tags is kept as text.");
  try {
    parsePageInput(pageInputOf({ path, title, markdown: text.markdown }));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    pageItem.reason = `It does not fit in a page: ${error.message}`;
    items.push(pageItem);
    return items;
  }
  pageItem.action = "create";
  pageItem.reason = [
    `${stateText[status]} page ${path}: ${describeBlocks(splitMarkdown(text.markdown).length)}.`,
    ...notes,
  ].join(" ");
  pageItem.run = async () => {
    if (await findImported(context.db, key))
      return { outcome: "skipped", note: "Imported before." };
    const markdown = await withImportedImages(text.markdown, converted.images, context, state);
    const now = Date.now();
    try {
      const saved = await createPage({
        database: context.database,
        actor: {
          id: context.actor.id as string,
          name: context.actor.name,
          email: context.actor.email ?? undefined,
        },
        address: context.actor.address ?? undefined,
        input: pageInputOf({ path, title, markdown }),
        status,
        publishAt: status === "scheduled" ? page.date : undefined,
        publishedAt:
          status === "published" && page.date && page.date.getTime() <= now ? page.date : undefined,
        within: async (tx, created) => {
          if (!(await recordImported(tx, { ...key, targetId: created.id })))
            throw new AlreadyImportedError();
        },
      });
      return {
        outcome: "created",
        note: `${saved.path} (${saved.status}).`,
        targetHref: `/admin/pages/edit/${saved.id}`,
      };
    } catch (error) {
      if (error instanceof AlreadyImportedError)
        return { outcome: "skipped", note: "Imported before." };
      throw error;
    }
  };
  items.push(pageItem);
  if (status === "published")
    items.push(...(await planRedirects(page, target, context, state, { plannedPath: path })));
  return items;
}
