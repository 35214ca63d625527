import type { SearchHit } from "#shared/search.ts";
import { searchKindLabels } from "#shared/search.ts";

/** How a <mark> of a result looks: the match, not a colour block. */
export const markClass =
  "[&_mark]:rounded-sm [&_mark]:bg-frontier-orange/25 [&_mark]:px-0.5 [&_mark]:text-white";

/**
 * One result's text: its kind, title and snippet. The HTML comes from the server escaped,
 * with <mark> as its only element (server/search/highlight.ts).
 */
export function SearchResultText({ hit, titleId }: { hit: SearchHit; titleId?: string }) {
  return (
    <>
      <span className="text-xs font-semibold uppercase tracking-[0.15em] text-frontier-orange">
        {searchKindLabels[hit.kind]}
      </span>
      <span
        id={titleId}
        className={`mt-1 block font-display text-lg font-semibold text-white ${markClass}`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped on the server, <mark> only
        dangerouslySetInnerHTML={{ __html: hit.titleHtml }}
      />
      {hit.snippetHtml ? (
        <span
          className={`mt-1 block text-sm leading-relaxed text-mist-300 ${markClass}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped on the server, <mark> only
          dangerouslySetInnerHTML={{ __html: hit.snippetHtml }}
        />
      ) : null}
    </>
  );
}
