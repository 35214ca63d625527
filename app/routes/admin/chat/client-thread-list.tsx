import { Link } from "react-router";
import { Pagination } from "#app/components/admin/pagination.tsx";
import { formatTime } from "./format-time";
import type { LoaderData } from "./inbox-types";
import { useSearchHref } from "./use-search-href";

/** The client portal's project threads, newest activity first, with what the team has not read. */
export function ClientThreadList({
  threads,
  selectedId,
}: {
  threads: LoaderData["threads"];
  selectedId: string | undefined;
}) {
  const hrefFor = useSearchHref();
  return (
    <section aria-labelledby="threads-heading" className="card min-w-0 p-0">
      <h2 id="threads-heading" className="sr-only">
        Client threads
      </h2>
      {threads.rows.length === 0 ? (
        <p className="p-6 text-mist-300">
          No client has written yet. Open a project and choose “Message the client” to write first.
        </p>
      ) : (
        <ul className="divide-y divide-white/10" data-testid="client-threads">
          {threads.rows.map((row) => (
            <li key={row.projectId}>
              <Link
                to={hrefFor({ t: row.projectId })}
                aria-current={row.projectId === selectedId ? "true" : undefined}
                className={`block px-4 py-3 transition hover:bg-white/5 ${row.projectId === selectedId ? "bg-white/10" : ""}`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-semibold text-white">{row.company}</span>
                  <span className="shrink-0 text-xs text-mist-400">
                    {formatTime(row.lastMessageAt)}
                  </span>
                </span>
                <span className="block truncate text-sm text-mist-200">{row.projectName}</span>
                <span className="mt-1 block truncate text-sm text-mist-300">
                  {row.lastAuthorKind === "staff" ? "Team: " : ""}
                  {row.lastMessagePreview}
                </span>
                {row.staffUnread > 0 ? (
                  <span className="mt-2 inline-block rounded-full bg-frontier-orange px-2 py-0.5 text-xs font-semibold text-ink-950">
                    {row.staffUnread} new<span className="sr-only"> messages</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {threads.total > threads.pageSize ? (
        <div className="border-t border-white/10 p-3">
          <Pagination page={threads.page} pageSize={threads.pageSize} total={threads.total} />
        </div>
      ) : null}
    </section>
  );
}
