import { pageWindow, previousPage } from "#app/lib/page-window.ts";
import { InternalLink } from "./internal-link";

/**
 * Pagination through the URL: previous, the first and last pages and the current one's
 * neighbours (pageWindow), and next, keeping the filters.
 */
export function PageLinks({
  page,
  pageCount,
  basePath,
  params,
  label,
}: {
  page: number;
  pageCount: number;
  basePath: string;
  params: Record<string, string | undefined>;
  label: string;
}) {
  // One page needs no links, unless the address asks for a page past it.
  if (pageCount <= 1 && page <= 1) return null;
  const hrefFor = (target: number) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
    if (target > 1) search.set("page", String(target));
    const query = search.toString();
    return query ? `${basePath}?${query}` : basePath;
  };
  const linkClass =
    "inline-flex min-w-11 items-center justify-center rounded-full border border-white/15 px-4 py-2 text-sm text-mist-100 hover:border-white/50";
  return (
    <nav aria-label={label} className="mt-12 flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <InternalLink to={hrefFor(previousPage(page, pageCount))} className={linkClass} rel="prev">
          Previous
        </InternalLink>
      ) : null}
      {pageWindow(page, pageCount).map((target, index) =>
        target === "gap" ? (
          <span key={`gap-${index}`} className="px-1 text-mist-400" aria-hidden="true">
            …
          </span>
        ) : target === page ? (
          <span
            key={target}
            aria-current="page"
            className={`${linkClass} border-frontier-orange bg-frontier-orange font-semibold text-ink-950`}
          >
            <span className="sr-only">Page </span>
            {target}
          </span>
        ) : (
          <InternalLink key={target} to={hrefFor(target)} className={linkClass}>
            <span className="sr-only">Page </span>
            {target}
          </InternalLink>
        ),
      )}
      {page < pageCount ? (
        <InternalLink to={hrefFor(page + 1)} className={linkClass} rel="next">
          Next
        </InternalLink>
      ) : null}
    </nav>
  );
}
