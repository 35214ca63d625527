import { Form, useLoaderData } from "react-router";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { PageLinks } from "#app/components/site/page-links.tsx";
import { SearchResultText } from "#app/components/site/search-result.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { normalizeQuery, searchSite } from "#server/search/query.ts";
import { resultCount } from "#shared/search.ts";
import { seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/search";

/**
 * The search page: a GET form and server-rendered results with pages, so it works without
 * JavaScript. The header's dialog (results as you type) links here for the full list.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const query = normalizeQuery(url.searchParams.get("q"));
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  if (!query) return { query, items: [], total: 0, page: 1, pageCount: 0, more: false };
  return searchSite({ db: context.db, query, page });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seoMeta({
    title: data?.query ? `Search: ${data.query}` : "Search",
    description: "Search the insights, case studies, podcast episodes and service guides.",
    path: "/search",
    publicUrl: publicUrlFrom(matches),
    // Result pages are endless variations of the site's own pages: never in an index.
    noindex: true,
  });

export default function SearchPage() {
  const { query, items, total, page, pageCount, suggestion, more } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page pb-24">
      <header className="pt-16 pb-8 sm:pt-24">
        <p className="eyebrow mb-4">Search</p>
        <h1 className="heading-lg">{query ? `Results for “${query}”` : "Search the site"}</h1>
        <Form method="get" action="/search" role="search" className="mt-8 flex max-w-2xl gap-3">
          <label htmlFor="search-page-query" className="sr-only">
            Search insights, case studies, podcasts and services
          </label>
          <input
            id="search-page-query"
            type="search"
            name="q"
            defaultValue={query}
            key={query}
            maxLength={200}
            placeholder="Try “design systems” or “kubernetes”"
            className="field-input flex-1 py-3 text-base"
          />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </Form>
      </header>
      <SearchPageResults
        query={query}
        items={items}
        total={total}
        page={page}
        suggestion={suggestion}
        more={more}
      />
      <PageLinks
        page={page}
        pageCount={pageCount}
        basePath="/search"
        params={{ q: query }}
        label="Result pages"
      />
    </main>
  );
}

function SearchPageResults({
  query,
  items,
  total,
  page,
  suggestion,
  more,
}: Pick<ReturnType<typeof useLoaderData<typeof loader>>, "query" | "items" | "total" | "page"> & {
  suggestion?: string | null;
  more?: boolean;
}) {
  if (!query) return null;
  if (total === 0)
    return (
      <div className="card max-w-2xl">
        <h2 className="heading-md">Nothing found</h2>
        {suggestion ? (
          <p className="mt-2 text-lg">
            Did you mean{" "}
            <InternalLink
              to={`/search?${new URLSearchParams({ q: suggestion })}`}
              className="font-semibold text-frontier-orange underline"
            >
              {suggestion}
            </InternalLink>
            ?
          </p>
        ) : null}
        <p className="mt-2 text-mist-300">
          No page matches “{query}”. Try fewer or other words, or browse the{" "}
          <InternalLink to="/insights" className="underline">
            insights
          </InternalLink>{" "}
          and{" "}
          <InternalLink to="/case-studies" className="underline">
            case studies
          </InternalLink>
          .
        </p>
      </div>
    );
  return (
    <section aria-labelledby="search-results-count">
      <p id="search-results-count" className="mb-6 text-mist-300" aria-live="polite">
        {resultCount({ total, more })}
        {items.length === 0 ? ` (none on page ${page})` : ""}
      </p>
      <ol className="flex max-w-3xl flex-col gap-4">
        {items.map((hit) => (
          <li key={`${hit.kind}:${hit.path}`}>
            <InternalLink
              to={hit.path}
              className="card block transition hover:border-white/30 focus-visible:border-frontier-orange"
            >
              <SearchResultText hit={hit} />
            </InternalLink>
          </li>
        ))}
      </ol>
    </section>
  );
}
