import { z } from "zod";

export type SortDirection = "asc" | "desc";

export type ListParams<Sort extends string> = {
  page: number;
  pageSize: number;
  offset: number;
  sort: Sort;
  direction: SortDirection;
  /** The search text, trimmed ("" when none). */
  q: string;
};

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * Reads page, pageSize, sort, dir and q of an admin list from the URL. Anything
 * out of range falls back to the default instead of failing: a hand-edited URL
 * still shows the list.
 */
export function parseListParams<Sort extends string>(
  url: URL,
  options: {
    sortable: readonly [Sort, ...Sort[]];
    defaultSort: Sort;
    defaultDirection?: SortDirection;
    pageSize?: number;
  },
): ListParams<Sort> {
  const get = (name: string) => url.searchParams.get(name) ?? undefined;
  const fallbackSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const schema = z.object({
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(fallbackSize),
    sort: z.enum(options.sortable).catch(options.defaultSort),
    dir: z.enum(["asc", "desc"]).catch(options.defaultDirection ?? "asc"),
    q: z.string().trim().max(200).catch(""),
  });
  const parsed = schema.parse({
    page: get("page") ?? 1,
    pageSize: get("pageSize") ?? fallbackSize,
    sort: get("sort") ?? options.defaultSort,
    dir: get("dir") ?? options.defaultDirection ?? "asc",
    q: get("q") ?? "",
  });
  return {
    page: parsed.page,
    pageSize: parsed.pageSize,
    offset: (parsed.page - 1) * parsed.pageSize,
    sort: parsed.sort as Sort,
    direction: parsed.dir,
    q: parsed.q,
  };
}
