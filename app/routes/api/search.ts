import { searchSite } from "#server/search/query.ts";
import { SEARCH_SUGGEST_LIMIT } from "#shared/search.ts";
import type { Route } from "./+types/search";

/**
 * Results as you type, for the search dialog: GET /api/search?q=… answers JSON. The same
 * search as /search, first page only; content changes show at once (no caching).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const query = url.searchParams.get("q");
  const results = await searchSite({
    db: context.db,
    query,
    pageSize: SEARCH_SUGGEST_LIMIT,
  });
  return Response.json(results, {
    headers: { "Cache-Control": "no-cache", "X-Robots-Tag": "noindex" },
  });
}
