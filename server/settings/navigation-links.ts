import { and, inArray } from "drizzle-orm";
import { isLive } from "#server/content/published.ts";
import type { Db } from "#server/db/client.ts";
import { caseStudies, insights } from "#server/db/schema/content.ts";
import { pages } from "#server/db/schema/pages.ts";
import { AppError, type FieldErrors } from "#server/errors.ts";
import type { SiteNavigation } from "#shared/site-navigation.ts";
import { type LinkablePage, pagePathOf, sitePages } from "#shared/site-pages.ts";

/** The paths of live pages stored as blocks (server/pages): landing pages like /spring-audit. */
function findLiveStoredPages(db: Db) {
  return db
    .select({ path: pages.path, title: pages.title })
    .from(pages)
    .where(isLive(pages))
    .orderBy(pages.title);
}

/**
 * The pages staff pick links from: the site's pages and the live pages stored as blocks
 * (a landing page at its own path), then every live case study and insight.
 */
export async function listLinkablePages(db: Db): Promise<LinkablePage[]> {
  const [storedPages, liveCaseStudies, liveInsights] = await Promise.all([
    findLiveStoredPages(db),
    db
      .select({ slug: caseStudies.slug, title: caseStudies.title })
      .from(caseStudies)
      .where(isLive(caseStudies))
      .orderBy(caseStudies.title),
    db
      .select({ slug: insights.slug, title: insights.title })
      .from(insights)
      .where(isLive(insights))
      .orderBy(insights.title),
  ]);
  const sitePaths = new Set(sitePages.map((page) => page.path));
  return [
    ...sitePages.map((page) => ({ ...page, group: "Pages" })),
    ...storedPages
      .filter((page) => !sitePaths.has(page.path))
      .map((page) => ({ path: page.path, label: page.title, group: "Pages" })),
    ...liveCaseStudies.map((item) => ({
      path: `/case-studies/${item.slug}`,
      label: item.title,
      group: "Case studies",
    })),
    ...liveInsights.map((item) => ({
      path: `/insights/${item.slug}`,
      label: item.title,
      group: "Insights",
    })),
  ];
}

const detailPage = /^\/(insights|case-studies)\/([^/]+)$/;

/**
 * Refuses links to pages of this site that do not exist: a path outside the
 * route table's public pages, or an insight or case study whose slug is not
 * live. The message names the address so staff know which link to fix.
 */
export async function checkNavigationLinks({
  db,
  navigation,
}: {
  db: Db;
  navigation: SiteNavigation;
}) {
  const links = [
    ...navigation.header.map((link, index) => ({ link, key: `header.${index}.href` })),
    ...navigation.footer.flatMap((group, groupIndex) =>
      group.links.map((link, index) => ({ link, key: `footer.${groupIndex}.links.${index}.href` })),
    ),
  ].filter(({ link }) => link.href.startsWith("/"));
  const known = new Set(sitePages.map((page) => page.path));
  const slugs = { insights: new Set<string>(), "case-studies": new Set<string>() };
  for (const { link } of links) {
    const match = detailPage.exec(pagePathOf(link.href));
    if (match) slugs[match[1] as keyof typeof slugs].add(match[2]);
  }
  const [liveInsights, liveCaseStudies, storedPages] = await Promise.all([
    slugs.insights.size
      ? db
          .select({ slug: insights.slug })
          .from(insights)
          .where(and(isLive(insights), inArray(insights.slug, [...slugs.insights])))
      : [],
    slugs["case-studies"].size
      ? db
          .select({ slug: caseStudies.slug })
          .from(caseStudies)
          .where(and(isLive(caseStudies), inArray(caseStudies.slug, [...slugs["case-studies"]])))
      : [],
    links.some(
      ({ link }) => !known.has(pagePathOf(link.href)) && !detailPage.test(pagePathOf(link.href)),
    )
      ? findLiveStoredPages(db)
      : [],
  ]);
  for (const row of storedPages) known.add(row.path);
  for (const row of liveInsights) known.add(`/insights/${row.slug}`);
  for (const row of liveCaseStudies) known.add(`/case-studies/${row.slug}`);

  const fieldErrors: FieldErrors = {};
  for (const { link, key } of links) {
    const path = pagePathOf(link.href);
    if (known.has(path)) continue;
    const match = detailPage.exec(path);
    fieldErrors[key] = [
      match
        ? `No published ${match[1] === "insights" ? "insight" : "case study"} has the address ${path}. Pick one from the list.`
        : `There is no page at ${path}. Pick a page from the list, or check the address.`,
    ];
  }
  const [first] = Object.values(fieldErrors);
  if (first)
    throw new AppError(
      "INVALID",
      `${first[0]}${Object.keys(fieldErrors).length > 1 ? " (and other links below)" : ""}`,
      { fieldErrors },
    );
}
