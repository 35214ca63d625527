import { Link } from "react-router";
import { chatFilters } from "#shared/chat.ts";
import { useSearchHref } from "./use-search-href";

/** The filter that lists the client portal's project threads instead of visitor chats. */
export const CLIENTS_FILTER = "clients";

export function ConversationFilterNav({
  filter,
  clientUnread,
  isAdmin,
}: {
  filter: string;
  clientUnread: number;
  isAdmin: boolean;
}) {
  const hrefFor = useSearchHref();
  const items = [...(isAdmin ? chatFilters : []), { value: CLIENTS_FILTER, label: "Clients" }];
  return (
    <nav aria-label="Conversation filter" className="mb-4 flex flex-wrap gap-2">
      {items.map((item) => (
        <Link
          key={item.value}
          to={hrefFor({
            filter: item.value,
            page: null,
            after: null,
            before: null,
            c: null,
            t: null,
          })}
          aria-current={filter === item.value ? "page" : undefined}
          className={`rounded-full px-3 py-1.5 text-sm ${
            filter === item.value
              ? "bg-white text-ink-950"
              : "border border-white/15 text-mist-300 hover:text-white"
          }`}
        >
          {item.label}
          {item.value === CLIENTS_FILTER && clientUnread > 0 ? (
            <span
              className="ml-1.5 rounded-full bg-frontier-orange px-1.5 py-0.5 text-xs font-semibold text-ink-950"
              data-testid="clients-unread"
            >
              {clientUnread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
