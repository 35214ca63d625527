import { data, useLoaderData } from "react-router";
import { InsightCard } from "#app/components/site/content-cards.tsx";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { PageLinks } from "#app/components/site/page-links.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { rememberPublicData } from "#server/cache/layout-data.ts";
import { findInsightTags, findPublishedInsights } from "#server/content/insights.ts";
import { parseListParams } from "#server/content/list-params.ts";
import { listPath } from "#shared/list-params.ts";
import { absoluteUrl, breadcrumbJsonLd, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/insights";

export async function loader({ context, url }: Route.LoaderArgs) {
  // Every address names a page that exists: a tag nobody uses or a page past the last is a 404
  // (and so not one more copy of the list in the page cache).
  const params = parseListParams(url);
  if (!params) throw data("Not found", { status: 404 });
  const [result, tags] = await rememberPublicData(
    context.db,
    `insights:${params.tag ?? ""}:${params.page ?? 1}`,
    () =>
      Promise.all([
        findPublishedInsights({ db: context.db, tag: params.tag, page: params.page }),
        findInsightTags({ db: context.db }),
      ]),
  );
  if (params.tag && !tags.includes(params.tag)) throw data("No such tag", { status: 404 });
  if ((params.page ?? 1) > result.pageCount) throw data("No such page", { status: 404 });
  return { ...result, tags, tag: params.tag };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const publicUrl = publicUrlFrom(matches);
  const page = loaded?.page ?? 1;
  const tag = loaded?.tag;
  const title = `Insights${tag ? ` tagged “${tag}”` : ""}${page > 1 ? ` (page ${page})` : ""}`;
  const path = listPath("/insights", { tag, page });
  return seoMeta({
    title,
    description: `Field notes from our engineers and designers${tag ? ` on ${tag}` : ""}: architecture, AI, mobile, design systems, VR/AR and how we run projects.${page > 1 ? ` Page ${page}.` : ""}`,
    path,
    publicUrl,
    jsonLd: [
      {
        "@type": "Blog",
        name: "Digital Frontier Insights",
        url: absoluteUrl(publicUrl, path),
        blogPost: (loaded?.items ?? []).map((item) => ({
          "@type": "BlogPosting",
          headline: item.title,
          url: absoluteUrl(publicUrl, `/insights/${item.slug}`),
          datePublished: item.publishedAt ? new Date(item.publishedAt).toISOString() : undefined,
          author: { "@type": "Person", name: item.author },
        })),
      },
      breadcrumbJsonLd(publicUrl, [
        ["Home", "/"],
        ["Insights", "/insights"],
      ]),
    ],
  });
};

export default function InsightsPage() {
  const { items, page, pageCount, tags, tag } = useLoaderData<typeof loader>();
  const chip = "rounded-full border px-3 py-1 text-sm transition";
  return (
    <main id="main" className="container-page">
      <PageHero
        eyebrow="Insights"
        title="Notes from the frontier"
        lead="What we learn shipping software for clients: the approaches that work, the ones that did not, and the numbers behind both."
      >
        <p className="mt-6 text-sm text-mist-400">
          Follow along with the{" "}
          <a href="/insights.rss" className="underline">
            RSS feed
          </a>
          .
        </p>
      </PageHero>
      <nav aria-label="Filter by tag" className="mb-10">
        <ul className="flex flex-wrap gap-2">
          <li>
            <InternalLink
              to="/insights"
              aria-current={tag ? undefined : "page"}
              className={`${chip} ${tag ? "border-white/15 text-mist-300 hover:border-white/40" : "border-frontier-orange bg-frontier-orange text-ink-950"}`}
            >
              All topics
            </InternalLink>
          </li>
          {tags.map((item) => (
            <li key={item}>
              <InternalLink
                to={`/insights?tag=${encodeURIComponent(item)}`}
                aria-current={item === tag ? "page" : undefined}
                className={`${chip} ${item === tag ? "border-frontier-orange bg-frontier-orange text-ink-950" : "border-white/15 text-mist-300 hover:border-white/40"}`}
              >
                {item}
              </InternalLink>
            </li>
          ))}
        </ul>
      </nav>
      {items.length ? (
        // The same for everyone until the list changes: rendered once (decision 737).
        <StaticPart
          as="ul"
          data={items}
          partKey="cards"
          className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
        >
          {items.map((insight) => (
            <li key={insight.id}>
              <InsightCard insight={insight} />
            </li>
          ))}
        </StaticPart>
      ) : (
        <div className="card">
          <h2 className="heading-md">Nothing here yet</h2>
          <p className="mt-2 text-mist-300">
            No articles carry this tag.{" "}
            <InternalLink to="/insights" className="underline">
              See all insights
            </InternalLink>
            .
          </p>
        </div>
      )}
      <PageLinks
        page={page}
        pageCount={pageCount}
        basePath="/insights"
        params={{ tag }}
        label="Insight pages"
      />
    </main>
  );
}
