import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { listCountText } from "#shared/list-count.ts";
import { KeysetPagination, type KeysetPaging, Pagination } from "./pagination";

export type AdminColumn<Row> = {
  /** The sort key sent as ?sort= (only for sortable columns) and the React key. */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  isSortable?: boolean;
  className?: string;
};

type AdminTableProps<Row> = {
  /** Names the table for screen readers ("Clients"). */
  label: string;
  columns: AdminColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Server-side state, as the loader read it with parseListParams. */
  page: number;
  pageSize: number;
  total: number;
  sort?: string;
  direction?: "asc" | "desc";
  q?: string;
  /** Shows the search box when given. */
  searchLabel?: string;
  /** What the empty state says, and an optional action ("Create the first client"). */
  emptyMessage?: string;
  emptyAction?: ReactNode;
  /** Extra filters rendered inside the search form (kept in the URL with the search). */
  filters?: ReactNode;
  /** A list read by keyset: its cursors and whether its total is an estimate. */
  keyset?: KeysetPaging;
};

/**
 * The command center's list: search, sorting and paging all live in the URL,
 * so the server does the work and every view can be linked and reloaded.
 */
export function AdminTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  page,
  pageSize,
  total,
  sort,
  direction = "asc",
  q = "",
  searchLabel,
  emptyMessage = "Nothing here yet.",
  emptyAction,
  filters,
  keyset,
}: AdminTableProps<Row>) {
  const location = useLocation();
  const sortHref = (key: string) => {
    const params = new URLSearchParams(location.search);
    const nextDirection = sort === key && direction === "asc" ? "desc" : "asc";
    params.set("sort", key);
    params.set("dir", nextDirection);
    for (const name of ["page", "after", "before"]) params.delete(name);
    return `${location.pathname}?${params}`;
  };
  // The search form sends q and the filters; sorting is kept, paging starts again.
  const keptParams = [...new URLSearchParams(location.search)].filter(([name]) =>
    ["sort", "dir"].includes(name),
  );

  return (
    <div className="flex flex-col gap-4">
      {searchLabel || filters ? (
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
          {keptParams.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {searchLabel ? (
            <div className="min-w-56 flex-1">
              <label htmlFor="admin-table-search" className="field-label">
                {searchLabel}
              </label>
              <input
                id="admin-table-search"
                type="search"
                name="q"
                defaultValue={q}
                maxLength={200}
                className="field-input"
              />
            </div>
          ) : null}
          {filters}
          <button type="submit" className="btn-secondary px-5 py-2">
            {searchLabel ? "Search" : "Filter"}
          </button>
        </Form>
      ) : null}

      {rows.length === 0 ? (
        <div className="card flex flex-col items-start gap-3 text-mist-300" data-empty-state>
          <p>{q ? `Nothing matches “${q}”.` : emptyMessage}</p>
          {q ? (
            <Link to={location.pathname} className="text-frontier-blue underline">
              Clear the search
            </Link>
          ) : (
            emptyAction
          )}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-white/10">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">
              {label}, {listCountText(total, keyset?.totalIsEstimate)} in all
            </caption>
            <thead className="bg-ink-800/80 text-xs uppercase tracking-wider text-mist-400">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={`px-4 py-3 font-semibold ${column.className ?? ""}`}
                    aria-sort={
                      column.isSortable && sort === column.key
                        ? direction === "asc"
                          ? "ascending"
                          : "descending"
                        : undefined
                    }
                  >
                    {column.isSortable ? (
                      <Link
                        to={sortHref(column.key)}
                        className="inline-flex items-center gap-1 hover:text-white"
                      >
                        {column.header}
                        <span aria-hidden="true">
                          {sort === column.key ? (direction === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </Link>
                    ) : (
                      column.header
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {rows.map((row) => (
                <tr key={rowKey(row)} className="bg-ink-900/40 hover:bg-ink-800/60">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={`px-4 py-3 text-mist-100 ${column.className ?? ""}`}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {keyset ? (
        <KeysetPagination {...keyset} total={total} />
      ) : (
        <Pagination page={page} pageSize={pageSize} total={total} />
      )}
    </div>
  );
}
