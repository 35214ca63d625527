import { Link } from "react-router";
import { KeysetPagination } from "#app/components/admin/pagination.tsx";
import { statusLabel, statusStyle } from "./conversation-status";
import { formatTime } from "./format-time";
import type { ConversationRow, LoaderData } from "./inbox-types";
import { useSearchHref } from "./use-search-href";

export function ConversationList({
  rows,
  list,
  selectedId,
}: {
  rows: ConversationRow[];
  list: LoaderData["list"];
  selectedId: string | undefined;
}) {
  const hrefFor = useSearchHref();
  return (
    <section aria-labelledby="conversations-heading" className="card p-0">
      <h2 id="conversations-heading" className="sr-only">
        Conversations
      </h2>
      {rows.length === 0 ? (
        <p className="p-6 text-mist-300">No conversations here yet.</p>
      ) : (
        <ul className="divide-y divide-white/10">
          {rows.map((row) => {
            const isSelected = row.id === selectedId;
            const who = row.visitorName || row.visitorEmail || "Anonymous visitor";
            return (
              <li key={row.id}>
                <Link
                  to={hrefFor({ c: row.id })}
                  aria-current={isSelected ? "true" : undefined}
                  className={`block px-4 py-3 transition hover:bg-white/5 ${isSelected ? "bg-white/10" : ""}`}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate font-semibold text-white">{who}</span>
                    <span className="shrink-0 text-xs text-mist-400">
                      {formatTime(row.lastMessageAt)}
                    </span>
                  </span>
                  <span className="mt-1 block truncate text-sm text-mist-300">
                    {row.lastMessageAuthor === "staff" ? "You: " : ""}
                    {row.lastMessagePreview}
                  </span>
                  <span className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                    <span className={`rounded-full px-2 py-0.5 ${statusStyle[row.status]}`}>
                      {statusLabel[row.status]}
                      {row.status === "assigned" && row.assigneeName
                        ? ` · ${row.assigneeName}`
                        : ""}
                    </span>
                    {row.clientName ? (
                      <span className="rounded-full bg-frontier-purple/20 px-2 py-0.5 text-purple-200">
                        {row.clientName}
                      </span>
                    ) : null}
                    {row.staffUnread > 0 ? (
                      <span className="ml-auto rounded-full bg-frontier-orange px-2 py-0.5 font-semibold text-ink-950">
                        {row.staffUnread} new<span className="sr-only"> messages</span>
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {list.previousCursor || list.nextCursor ? (
        <div className="border-t border-white/10 p-3">
          <KeysetPagination
            previousCursor={list.previousCursor}
            nextCursor={list.nextCursor}
            total={list.total}
            totalIsEstimate={list.totalIsEstimate}
          />
        </div>
      ) : null}
    </section>
  );
}
