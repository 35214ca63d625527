import { asc, count, max, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { caseStudies, insights, podcastEpisodes } from "#server/db/schema/content.ts";
import { pages } from "#server/db/schema/pages.ts";
import { absoluteUrl } from "#shared/seo.ts";
import { xml } from "./feeds";
import { isLive } from "./published";

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** The public pages that exist whatever the content: the static ones of the site. */
export const staticSitemapPaths = [
  "/",
  "/about-us",
  "/services",
  "/services/scalable-web-platforms",
  "/services/ai-machine-learning",
  "/services/mobile-application-engineering",
  "/services/ui-ux-brand-identity",
  "/services/vr-ar-development",
  "/case-studies",
  "/insights",
  "/podcasts",
  "/faq",
  "/pricing",
  "/contact",
  "/personas",
  "/privacy",
];

type Entry = { path: string; lastmod?: Date | null };

/** Items served at `/<prefix>/<slug>`, read a slice at a time in slug order (the unique index). */
const itemSources = [
  { table: caseStudies, prefix: "/case-studies" },
  { table: insights, prefix: "/insights" },
] as const;

/**
 * The site's own pages: the static ones, and the pages stored as blocks (server/pages) at
 * their paths. A stored page at a static path replaces it (listed once, with its own date);
 * one hidden from search engines is left out; a landing page (`/spring-audit`) is added.
 */
async function findSitePageEntries({ db, staticPaths }: { db: Db; staticPaths: string[] }) {
  const [storedPages, [studies], [articles], [episodes]] = await Promise.all([
    db
      .select({ path: pages.path, isNoindex: pages.isNoindex, updatedAt: pages.updatedAt })
      .from(pages)
      .where(isLive(pages))
      .orderBy(asc(pages.path)),
    db
      .select({ at: max(caseStudies.updatedAt) })
      .from(caseStudies)
      .where(isLive(caseStudies)),
    db
      .select({ at: max(insights.updatedAt) })
      .from(insights)
      .where(isLive(insights)),
    db
      .select({ at: max(podcastEpisodes.updatedAt) })
      .from(podcastEpisodes)
      .where(isLive(podcastEpisodes)),
  ]);
  const asDate = (value: Date | string | null | undefined) => (value ? new Date(value) : undefined);
  const newest = (...dates: Array<Date | undefined>) =>
    dates.reduce<Date | undefined>(
      (latest, date) => (date && (!latest || date > latest) ? date : latest),
      undefined,
    );
  const studiesChanged = asDate(studies?.at);
  const articlesChanged = asDate(articles?.at);
  const contentChanged = newest(studiesChanged, articlesChanged);
  const listChanged: Record<string, Date | undefined> = {
    "/case-studies": studiesChanged,
    "/insights": articlesChanged,
    "/podcasts": asDate(episodes?.at),
    "/": contentChanged,
  };
  const stored = new Map(storedPages.map((page) => [page.path, page]));
  const entries: Entry[] = [];
  for (const path of staticPaths) {
    const page = stored.get(path);
    if (page?.isNoindex) continue;
    // Static pages change with releases; the newest content change is the honest upper bound we know.
    const codeChanged = listChanged[path] ?? contentChanged;
    entries.push({ path, lastmod: page ? newest(page.updatedAt, listChanged[path]) : codeChanged });
  }
  const listed = new Set(staticPaths);
  for (const page of storedPages)
    if (!page.isNoindex && !listed.has(page.path))
      entries.push({ path: page.path, lastmod: page.updatedAt });
  return entries;
}

async function countItems(db: Db) {
  return Promise.all(
    itemSources.map(async ({ table }) => {
      const [row] = await db.select({ n: count() }).from(table).where(isLive(table));
      return Number(row?.n ?? 0);
    }),
  );
}

/** One address of the sitemap as XML. */
function urlEntry(publicUrl: string, entry: Entry) {
  return `<url><loc>${xml(absoluteUrl(publicUrl, entry.path))}</loc>${entry.lastmod ? `<lastmod>${new Date(entry.lastmod).toISOString()}</lastmod>` : ""}</url>`;
}

/** Text escaped in SQL as `xml()` escapes it (feeds.ts). */
const xmlInSql = (text: SQL) =>
  sql`regexp_replace(replace(replace(replace(replace(replace(${text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&apos;'), '[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF]', '', 'g')`;

/**
 * `limit` items of one kind from `offset` on, in slug order, as the sitemap's lines (each as
 * `urlEntry` writes it, a missing date left out): made by the database as one text, so a file of 50,000 addresses is one string in the server rather
 * than 50,000 rows, dates and lines (about 50 MB of garbage a file at ten times the data).
 */
async function readItems(
  db: Db,
  publicUrl: string,
  source: (typeof itemSources)[number],
  offset: number,
  limit: number,
) {
  const { table, prefix } = source;
  const slice = db
    .select({ slug: table.slug, updatedAt: table.updatedAt })
    .from(table)
    .where(isLive(table))
    .orderBy(asc(table.slug))
    .limit(limit)
    .offset(offset)
    .as("slice");
  const [row] = await db
    .select({
      lines: sql<
        string | null
      >`string_agg('<url><loc>' || ${xml(absoluteUrl(publicUrl, `${prefix}/`))}
        || ${xmlInSql(sql`${slice.slug}`)} || '</loc>'
        || coalesce('<lastmod>' || to_char(${slice.updatedAt} at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '</lastmod>', '')
        || '</url>', chr(10) order by ${slice.slug})`,
    })
    .from(slice);
  return row?.lines ?? "";
}

/**
 * The lines of the addresses from `start` (inclusive) to `end` (exclusive) of the whole
 * sitemap in its order: the site's pages, then case studies, then insights. Only the slices
 * that fall in the range are read.
 */
async function readRange(
  db: Db,
  publicUrl: string,
  sitePages: Entry[],
  counts: number[],
  start: number,
  end: number,
): Promise<string[]> {
  const parts = sitePages.slice(start, end).map((entry) => urlEntry(publicUrl, entry));
  let sourceStart = sitePages.length;
  for (const [index, source] of itemSources.entries()) {
    const size = counts[index] ?? 0;
    const from = Math.max(start, sourceStart);
    const to = Math.min(end, sourceStart + size);
    if (to > from) {
      const lines = await readItems(db, publicUrl, source, from - sourceStart, to - from);
      if (lines) parts.push(lines);
    }
    sourceStart += size;
  }
  return parts;
}

function urlset(parts: string[]) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${parts.join("\n")}
</urlset>
`;
}

/**
 * /sitemap.xml (no `part`): every public page and published item with the date it last
 * changed; past `perFile` addresses (the protocol's 50,000) it is a sitemap index pointing
 * to /sitemap-1.xml, /sitemap-2.xml, ... `part` renders one of those files; undefined when
 * there is no such file.
 */
export async function renderSitemap({
  db,
  publicUrl,
  staticPaths = staticSitemapPaths,
  part,
  perFile = SITEMAP_URLS_PER_FILE,
}: {
  db: Db;
  publicUrl: string;
  staticPaths?: string[];
  part?: number;
  perFile?: number;
}): Promise<string | undefined> {
  const [sitePages, counts] = await Promise.all([
    findSitePageEntries({ db, staticPaths }),
    countItems(db),
  ]);
  const total = sitePages.length + counts.reduce((sum, n) => sum + n, 0);
  const files = Math.max(1, Math.ceil(total / perFile));
  if (part === undefined) {
    if (files === 1) return urlset(await readRange(db, publicUrl, sitePages, counts, 0, total));
    return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${Array.from(
  { length: files },
  (_, index) =>
    `<sitemap><loc>${xml(absoluteUrl(publicUrl, `/sitemap-${index + 1}.xml`))}</loc></sitemap>`,
).join("\n")}
</sitemapindex>
`;
  }
  if (!Number.isInteger(part) || part < 1 || part > files || files === 1) return undefined;
  const start = (part - 1) * perFile;
  return urlset(await readRange(db, publicUrl, sitePages, counts, start, start + perFile));
}
