import { Link } from "react-router";
import { chatFilters } from "#shared/chat.ts";
import { useSearchHref } from "./use-search-href";

export function ConversationFilterNav({ filter }: { filter: string }) {
  const hrefFor = useSearchHref();
  return (
    <nav aria-label="Conversation filter" className="mb-4 flex flex-wrap gap-2">
      {chatFilters.map((item) => (
        <Link
          key={item.value}
          to={hrefFor({ filter: item.value, page: null })}
          aria-current={filter === item.value ? "page" : undefined}
          className={`rounded-full px-3 py-1.5 text-sm ${
            filter === item.value
              ? "bg-white text-ink-950"
              : "border border-white/15 text-mist-300 hover:text-white"
          }`}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
