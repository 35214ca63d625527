import { Link, useLocation } from "react-router";
import { pageWindow, previousPage } from "#app/lib/page-window.ts";
import { listCountText } from "#shared/list-count.ts";

type PaginationProps = { page: number; pageSize: number; total: number };

export type KeysetPaging = {
  previousCursor?: string;
  nextCursor?: string;
  totalIsEstimate?: boolean;
};

/**
 * First / previous / next of a list read by keyset (decision 746): each link carries the
 * cursor of the row it continues from, and keeps the search, filters and sort.
 */
export function KeysetPagination({
  previousCursor,
  nextCursor,
  total,
  totalIsEstimate,
}: KeysetPaging & { total: number }) {
  const location = useLocation();
  if (!previousCursor && !nextCursor) return null;
  const hrefFor = (cursor?: { after?: string; before?: string }) => {
    const params = new URLSearchParams(location.search);
    for (const name of ["page", "after", "before"]) params.delete(name);
    if (cursor?.after) params.set("after", cursor.after);
    if (cursor?.before) params.set("before", cursor.before);
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const linkClass =
    "inline-flex min-w-9 items-center justify-center rounded-lg border border-white/10 px-3 py-1.5 text-sm text-mist-300 hover:border-white/40 hover:text-white";
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-2">
      {previousCursor ? (
        <>
          <Link to={hrefFor()} className={linkClass}>
            First
          </Link>
          <Link to={hrefFor({ before: previousCursor })} className={linkClass} rel="prev">
            Previous
          </Link>
        </>
      ) : null}
      {nextCursor ? (
        <Link to={hrefFor({ after: nextCursor })} className={linkClass} rel="next">
          Next
        </Link>
      ) : null}
      <span className="ml-2 text-sm text-mist-400">
        {listCountText(total, totalIsEstimate)} in all
      </span>
    </nav>
  );
}

/** Previous / next and page numbers, as links that keep the rest of the URL's query. */
export function Pagination({ page, pageSize, total }: PaginationProps) {
  const location = useLocation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // One page needs no links, unless the address asks for a page past it.
  if (pageCount <= 1 && page <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const pages = pageWindow(page, pageCount);
  const linkClass =
    "inline-flex min-w-9 items-center justify-center rounded-lg border border-white/10 px-3 py-1.5 text-sm text-mist-300 hover:border-white/40 hover:text-white";
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(previousPage(page, pageCount))} className={linkClass} rel="prev">
          Previous
        </Link>
      ) : null}
      {pages.map((item, index) =>
        item === "gap" ? (
          <span key={`gap-${index}`} className="px-1 text-mist-400" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item}
            to={hrefFor(item)}
            aria-current={item === page ? "page" : undefined}
            aria-label={`Page ${item}`}
            className={`${linkClass} ${item === page ? "border-frontier-blue bg-frontier-blue/15 text-white" : ""}`}
          >
            {item}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      ) : null}
      <span className="ml-2 text-sm text-mist-400">
        {page > pageCount
          ? `No page ${page}: the list has ${pageCount} ${pageCount === 1 ? "page" : "pages"}`
          : `Page ${page} of ${pageCount}`}
      </span>
    </nav>
  );
}
