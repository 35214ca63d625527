import { Lexer, type Token } from "marked";
import type { caseStudies, insights, podcastEpisodes } from "#server/db/schema/content.ts";
import type { pages } from "#server/db/schema/pages.ts";
import type { SearchKind } from "#server/db/schema/search.ts";
import { serviceGuides } from "#shared/content/service-guides.ts";
import { servicePath, services } from "#shared/content/services.ts";

/** What the index keeps of one public page. */
export type SearchDocumentInput = {
  kind: SearchKind;
  refId: string;
  path: string;
  title: string;
  summary: string;
  keywords: string;
  body: string;
  publishedAt: Date | null;
};

/** A body past this is cut: the first 100,000 characters say what a page is about. */
const BODY_MAX = 100_000;

/**
 * Control characters never reach the index: the highlighter uses a few as its own markers
 * (highlight.ts), so a stored one could otherwise turn into markup.
 */
export function cleanText(text: string, max = BODY_MAX) {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, " ")
      .replace(/[ \t]+/g, " ")
      .replace(/\s*\n\s*/g, "\n")
      .trim()
      .slice(0, max)
  );
}

function collectText(tokens: Token[] | undefined, out: string[]) {
  for (const token of tokens ?? []) {
    if (token.type === "space" || token.type === "hr") continue;
    if (token.type === "html") {
      out.push(token.text.replace(/<[^>]*>/g, " "));
      continue;
    }
    if (token.type === "image") {
      out.push(token.text);
      continue;
    }
    if (token.type === "list") {
      for (const item of token.items) collectText(item.tokens, out);
      continue;
    }
    if (token.type === "table") {
      for (const cell of [...token.header, ...token.rows.flat()]) collectText(cell.tokens, out);
      continue;
    }
    const nested = (token as { tokens?: Token[] }).tokens;
    if (nested?.length) collectText(nested, out);
    else if ("text" in token && typeof token.text === "string") out.push(token.text);
    if (token.type === "paragraph" || token.type === "heading" || token.type === "code")
      out.push("\n");
  }
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/** The words of a Markdown text, without its syntax: what a reader sees on the page. */
export function markdownToPlainText(markdown: string) {
  const out: string[] = [];
  collectText(new Lexer({ gfm: true }).lex(markdown), out);
  return cleanText(
    out.join(" ").replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name]),
  );
}

type InsightRow = Pick<
  typeof insights.$inferSelect,
  "id" | "slug" | "title" | "excerpt" | "body" | "tags" | "author" | "publishedAt"
>;
type CaseStudyRow = Pick<
  typeof caseStudies.$inferSelect,
  | "id"
  | "slug"
  | "title"
  | "client"
  | "industry"
  | "summary"
  | "challenge"
  | "solution"
  | "results"
  | "publishedAt"
>;
type EpisodeRow = Pick<
  typeof podcastEpisodes.$inferSelect,
  "id" | "slug" | "title" | "showNotes" | "seoDescription" | "publishedAt"
>;

export function insightDocument(row: InsightRow): SearchDocumentInput {
  return {
    kind: "insight",
    refId: row.id,
    path: `/insights/${row.slug}`,
    title: cleanText(row.title, 500),
    summary: cleanText(row.excerpt, 5000),
    keywords: cleanText([...row.tags, row.author].join(", "), 5000),
    body: markdownToPlainText(row.body),
    publishedAt: row.publishedAt,
  };
}

export function caseStudyDocument(row: CaseStudyRow): SearchDocumentInput {
  return {
    kind: "case-study",
    refId: row.id,
    path: `/case-studies/${row.slug}`,
    title: cleanText(row.title, 500),
    summary: cleanText(row.summary, 5000),
    keywords: cleanText([row.client, row.industry].join(", "), 5000),
    body: markdownToPlainText([row.challenge, row.solution, row.results].join("\n\n")),
    publishedAt: row.publishedAt,
  };
}

export function episodeDocument(row: EpisodeRow): SearchDocumentInput {
  return {
    kind: "episode",
    refId: row.id,
    // Episodes have no page of their own: the podcasts page has an anchor per episode.
    path: `/podcasts#${row.slug}`,
    title: cleanText(row.title, 500),
    summary: cleanText(row.seoDescription ?? "", 5000),
    keywords: "",
    body: markdownToPlainText(row.showNotes),
    publishedAt: row.publishedAt,
  };
}

/** The five service guides: static pages, indexed from the code that renders them. */
export function serviceDocuments(): SearchDocumentInput[] {
  return services.map((service) => {
    const guide = serviceGuides[service.id];
    return {
      kind: "service",
      refId: service.id,
      path: servicePath(service),
      title: cleanText(service.name, 500),
      summary: cleanText(service.summary, 5000),
      keywords: "",
      body: cleanText(
        [...guide.what, ...guide.why, ...guide.how, ...guide.deliverables].join("\n"),
      ),
      publishedAt: null,
    };
  });
}

/** Fields of a block that hold no words a visitor reads (kinds, addresses, ids, layout). */
const NOT_TEXT = new Set([
  "type",
  "variant",
  "source",
  "style",
  "columns",
  "href",
  "image",
  "ids",
  "kind",
  "mode",
  "imageSide",
  "icon",
  "id",
]);

function blockText(value: unknown, out: string[]) {
  if (typeof value === "string") out.push(markdownToPlainText(value));
  else if (Array.isArray(value)) for (const item of value) blockText(item, out);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) if (!NOT_TEXT.has(key)) blockText(item, out);
}

/**
 * A page built from blocks (server/pages): its title, its SEO description, and the words
 * its blocks show (headings, text, questions and answers, tiers...).
 */
export function pageDocument(row: typeof pages.$inferSelect): SearchDocumentInput {
  const out: string[] = [];
  blockText(row.blocks, out);
  return {
    kind: "page",
    refId: row.id,
    path: row.path,
    title: cleanText(row.seoTitle || row.title, 500),
    summary: cleanText(row.seoDescription ?? "", 5000),
    keywords: "",
    body: cleanText(out.filter(Boolean).join("\n")),
    publishedAt: row.publishedAt,
  };
}
