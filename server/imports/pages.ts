import { slugify } from "#shared/content-admin/forms.ts";
import { decodeEntities, htmlToMarkdown } from "./html-to-markdown";
import type { PlannedItem } from "./types";

/**
 * WordPress and Ghost pages become pages built from blocks, the page builder's kind of
 * record. Until the page builder is part of Frontier, pages are read, mapped and listed in
 * the preview as waiting for it ("later"): this file is the one seam where they go in. When
 * the builder lands, `planPage` calls its domain function (create a page from `PageDraft`),
 * with the ledger entry in the same transaction as posts do (posts.ts), and a 301 from each
 * of `oldPaths`.
 */

export const PAGES_WAIT_FOR_BUILDER = "Pages are imported once the page builder is available.";

/** The blocks a page is made of, as far as an export tells them. */
export type PageBlock =
  | { type: "heading"; level: 2 | 3 | 4; text: string }
  | { type: "text"; markdown: string }
  | { type: "image"; src: string; alt: string };

export type PageDraft = {
  title: string;
  slug: string;
  status: "published" | "draft";
  publishedAt: Date | null;
  blocks: PageBlock[];
  /** Old addresses that should lead to the page. */
  oldPaths: string[];
};

export type SourcePage = {
  key: string;
  origin: string;
  title: string;
  slug: string;
  html: string;
  isWordPress: boolean;
  status: "published" | "draft" | "skip";
  date: Date | null;
  oldPaths: string[];
};

/** A page's HTML as blocks: headings, images and the text between them. */
export function pageDraftOf(page: SourcePage): PageDraft {
  const { markdown } = htmlToMarkdown(page.html, { isWordPress: page.isWordPress });
  const blocks: PageBlock[] = [];
  let text: string[] = [];
  const flushText = () => {
    const joined = text.join("\n\n").trim();
    if (joined) blocks.push({ type: "text", markdown: joined });
    text = [];
  };
  for (const paragraph of markdown.split(/\n{2,}/)) {
    const heading = /^(#{2,4}) (.+)$/.exec(paragraph.trim());
    const image = /^!\[([^\]]*)\]\(([^)\s]+)\)$/.exec(paragraph.trim());
    if (heading) {
      flushText();
      blocks.push({ type: "heading", level: heading[1].length as 2 | 3 | 4, text: heading[2] });
    } else if (image) {
      flushText();
      blocks.push({ type: "image", src: image[2], alt: image[1] });
    } else text.push(paragraph);
  }
  flushText();
  return {
    title: decodeEntities(page.title).trim(),
    slug: slugify(page.slug) || slugify(page.title),
    status: page.status === "published" ? "published" : "draft",
    publishedAt: page.status === "published" ? page.date : null,
    blocks,
    oldPaths: page.oldPaths,
  };
}

/** The preview's row of a page: mapped now, created once the page builder is there. */
export function planPage(page: SourcePage): PlannedItem {
  const base = {
    itemKind: "page",
    origin: page.origin,
    label: decodeEntities(page.title) || "(untitled)",
  };
  if (page.status === "skip") return { ...base, action: "skip", reason: "Not a page to import." };
  const draft = pageDraftOf(page);
  return {
    ...base,
    action: "later",
    reason: `${PAGES_WAIT_FOR_BUILDER} (${draft.blocks.length} block${draft.blocks.length === 1 ? "" : "s"}, /${draft.slug})`,
  };
}
