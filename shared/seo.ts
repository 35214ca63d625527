import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Digital Frontier";
export const DEFAULT_SOCIAL_IMAGE = "/social-card.png";

/** What search results show of a title and a description, about. */
export const TITLE_LIMIT = 60;
export const DESCRIPTION_LIMIT = 160;

/**
 * The page title from what staff wrote and what the template adds: the first candidate
 * (most descriptive first) that fits TITLE_LIMIT with " | Digital Frontier" after it, else the
 * first that fits alone, else the last as written. So the template never makes a title too
 * long; only a title staff wrote past the limit is (and the SEO audit says so).
 */
export function composeTitle(candidates: string[]) {
  if (candidates.some((candidate) => candidate.includes(SITE_NAME))) return candidates[0];
  const fits = (title: string) => title.length <= TITLE_LIMIT;
  const withSite = candidates.map((candidate) => `${candidate} | ${SITE_NAME}`).find(fits);
  return withSite ?? candidates.find(fits) ?? candidates[candidates.length - 1];
}

export type SeoInput = {
  /** The title, or candidates from most to least descriptive (see composeTitle). */
  title: string | string[];
  description: string;
  /** The page's path ("/faq"); the canonical URL is PUBLIC_URL + path. */
  path: string;
  /** PUBLIC_URL without a trailing slash (the root loader's `publicUrl`). */
  publicUrl: string;
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
  /** Schema.org objects, each rendered as its own JSON-LD script. */
  jsonLd?: Array<Record<string, unknown>>;
};

export function absoluteUrl(publicUrl: string, pathOrUrl: string) {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Title, description, canonical, Open Graph, Twitter card and JSON-LD for a page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(input.publicUrl, input.path);
  const image = absoluteUrl(input.publicUrl, input.image ?? DEFAULT_SOCIAL_IMAGE);
  const title = composeTitle(Array.isArray(input.title) ? input.title : [input.title]);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const item of input.jsonLd ?? [])
    tags.push({ "script:ld+json": { "@context": "https://schema.org", ...item } });
  return tags;
}

/** A BreadcrumbList for a trail of [name, path] pairs. */
export function breadcrumbJsonLd(publicUrl: string, trail: Array<[string, string]>) {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], index) => ({
      "@type": "ListItem",
      position: index + 1,
      name,
      item: absoluteUrl(publicUrl, path),
    })),
  };
}
