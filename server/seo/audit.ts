import { isLive } from "#server/content/published.ts";
import type { Db } from "#server/db/client.ts";
import { caseStudies, insights } from "#server/db/schema/content.ts";
import type { Env } from "#server/env.ts";
import { safeFetch, UnsafeAddressError } from "#server/net/safe-fetch.ts";
import { services } from "#shared/content/services.ts";
import { DESCRIPTION_LIMIT, TITLE_LIMIT } from "#shared/seo.ts";

export type AuditProblem = { message: string };
export type AuditedPage = {
  path: string;
  title: string | null;
  /** Where staff fix this page's problems. */
  fixUrl: string;
  problems: string[];
};

/** Fetches a path of the running site: status and body. */
export type PageFetcher = (path: string) => Promise<{ status: number; body: string }>;

/**
 * Reads the site's pages the way a crawler does: at PUBLIC_URL, the address the operator
 * configured, never at the host a request named (its Host header is the client's to write).
 * Through the guarded client: only PUBLIC_URL's own origin may be private (it is the server
 * itself, or its proxy); redirects are reported, not followed.
 */
export function sitePageFetcher(env: Pick<Env, "PUBLIC_URL" | "PRIVATE_FETCH_ORIGINS">) {
  const site = new URL(env.PUBLIC_URL);
  const fetchPage: PageFetcher = async (path) => {
    const url = new URL(path, site);
    if (!path.startsWith("/") || path.startsWith("//") || url.origin !== site.origin)
      throw new UnsafeAddressError(`${path} is not a page of this site.`);
    const response = await safeFetch(url.toString(), {
      timeoutMs: 10_000,
      followRedirects: false,
      allowedOrigins: [site.origin, ...(env.PRIVATE_FETCH_ORIGINS ?? [])],
    });
    return { status: response.status, body: response.body.toString("utf8") };
  };
  return fetchPage;
}

type Fetched = { status: number; body: string; error?: string };

/** A page that could not be read is status 0, with the reason for staff. */
function readPage(fetchPage: PageFetcher, path: string): Promise<Fetched> {
  return fetchPage(path).catch((error: unknown) => ({
    status: 0,
    body: "",
    error: error instanceof Error ? error.message : String(error),
  }));
}

const staticPaths = [
  "/",
  "/about-us",
  "/services",
  ...services.map((service) => `/services/${service.slug}`),
  "/case-studies",
  "/insights",
  "/podcasts",
  "/faq",
  "/pricing",
  "/contact",
];

function decode(text: string) {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .trim();
}

function readHead(html: string) {
  const title = html.match(/<title>([\s\S]*?)<\/title>/)?.[1];
  const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1];
  const body = html.replace(/<head>[\s\S]*?<\/head>/, "");
  const images = [...body.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
  // Paths on this site only: a protocol-relative `//host/…` is another site's address.
  const links = [...body.matchAll(/<a\b[^>]*\shref="(\/(?!\/)[^"#?]*)[^"]*"/g)].map(
    (match) => match[1],
  );
  // The Content-Security-Policy allows media over https only: an http:// source never plays.
  const blockedMedia = [...body.matchAll(/<(?:audio|video|source)\b[^>]*\ssrc="http:\/\//gi)]
    .length;
  return {
    title: title === undefined ? null : decode(title),
    description: description === undefined ? null : decode(description),
    imagesWithoutAlt: images.filter((tag) => !/\salt="/.test(tag)).length,
    links,
    blockedMedia,
  };
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

/**
 * Every public page with its problems: missing or duplicate title or
 * description, title over 60 or description over 160 characters, images
 * without alt text, broken internal links, and pages missing from the sitemap.
 */
export async function auditPublicPages({
  db,
  fetchPage,
}: {
  db: Db;
  fetchPage: PageFetcher;
}): Promise<AuditedPage[]> {
  const [liveInsights, liveCaseStudies] = await Promise.all([
    db
      .select({
        id: insights.id,
        slug: insights.slug,
        title: insights.title,
        seoTitle: insights.seoTitle,
      })
      .from(insights)
      .where(isLive(insights)),
    db
      .select({
        id: caseStudies.id,
        slug: caseStudies.slug,
        title: caseStudies.title,
        seoTitle: caseStudies.seoTitle,
      })
      .from(caseStudies)
      .where(isLive(caseStudies)),
  ]);
  const pages: Array<{ path: string; fixUrl: string; writtenTitle?: string }> = [
    ...staticPaths.map((path) => ({
      path,
      fixUrl: `/admin/seo?path=${encodeURIComponent(path)}#overrides`,
    })),
    ...liveInsights.map((item) => ({
      path: `/insights/${item.slug}`,
      fixUrl: `/admin/insights/edit/${item.id}`,
      writtenTitle: item.seoTitle ?? item.title,
    })),
    ...liveCaseStudies.map((item) => ({
      path: `/case-studies/${item.slug}`,
      fixUrl: `/admin/case-studies/edit/${item.id}`,
      writtenTitle: item.seoTitle ?? item.title,
    })),
  ];
  const sitemap = await readPage(fetchPage, "/sitemap.xml");
  const inSitemap = new Set(
    [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
      try {
        return new URL(decode(match[1])).pathname.replace(/(.)\/$/, "$1");
      } catch {
        return "";
      }
    }),
  );
  const fetched = await inBatches(pages, 4, async (page) => {
    const response = await readPage(fetchPage, page.path);
    return {
      ...page,
      status: response.status,
      error: response.error,
      head: readHead(response.body),
    };
  });
  const known = new Map(fetched.map((page) => [page.path, page.status]));
  const linkTargets = [
    ...new Set(
      fetched.flatMap((page) => page.head.links.map((link) => link.replace(/(.)\/$/, "$1"))),
    ),
  ].filter(
    (link) =>
      !known.has(link) &&
      !/^\/(admin|assets|uploads|api)(\/|$)/.test(link) &&
      !/\.(rss|xml|txt)$/.test(link),
  );
  const linkStatuses = await inBatches(linkTargets.slice(0, 300), 4, async (link) => {
    const response = await readPage(fetchPage, link);
    return [link, response.status] as const;
  });
  for (const [link, status] of linkStatuses) known.set(link, status);

  const countOf = (values: Array<string | null>) => {
    const counts = new Map<string, number>();
    for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  const titles = countOf(fetched.map((page) => page.head.title));
  const descriptions = countOf(fetched.map((page) => page.head.description));

  return fetched.map((page) => {
    const problems: string[] = [];
    const { title, description } = page.head;
    if (page.error) problems.push(`The page could not be read: ${page.error}`);
    else if (page.status !== 200) problems.push(`The page answers ${page.status} instead of 200.`);
    if (!title) problems.push("Missing title.");
    else {
      // Judge what staff can change: the title they wrote, when the page's title comes from it
      // (the template adds the client and site name only when they fit); else the title shown.
      const judged =
        page.writtenTitle && title.includes(page.writtenTitle) ? page.writtenTitle : title;
      if (judged.length > TITLE_LIMIT)
        problems.push(
          judged !== page.writtenTitle
            ? `Title is ${title.length} characters (over ${TITLE_LIMIT}).`
            : `The title written for this page is ${judged.length} characters (over ${TITLE_LIMIT}): shorten it or set a shorter SEO title.`,
        );
      if ((titles.get(title) ?? 0) > 1) problems.push("Title is the same as another page's.");
    }
    if (!description) problems.push("Missing description.");
    else {
      if (description.length > DESCRIPTION_LIMIT)
        problems.push(
          `Description is ${description.length} characters (over ${DESCRIPTION_LIMIT}).`,
        );
      if ((descriptions.get(description) ?? 0) > 1)
        problems.push("Description is the same as another page's.");
    }
    if (page.head.imagesWithoutAlt)
      problems.push(
        `${page.head.imagesWithoutAlt} image${page.head.imagesWithoutAlt === 1 ? "" : "s"} without alt text.`,
      );
    if (page.head.blockedMedia)
      problems.push(
        `${page.head.blockedMedia} audio or video file${page.head.blockedMedia === 1 ? " has an http:// address" : "s have http:// addresses"}, which the site blocks: ${page.head.blockedMedia === 1 ? "it never plays" : "they never play"}. Give the episode an https:// address or upload the file (Podcasts).`,
      );
    const broken = [...new Set(page.head.links.map((link) => link.replace(/(.)\/$/, "$1")))].filter(
      (link) => {
        const status = known.get(link);
        return status !== undefined && status >= 400;
      },
    );
    for (const link of broken) problems.push(`Broken link to ${link} (${known.get(link)}).`);
    if (page.status === 200 && !inSitemap.has(page.path))
      problems.push("Missing from the sitemap.");
    return { path: page.path, title, fixUrl: page.fixUrl, problems };
  });
}
