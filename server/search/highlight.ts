/**
 * ts_headline marks matches with StartSel/StopSel. We make those control characters (never
 * stored: documents.ts removes them) and hand PostgreSQL the text with `<`, `>` and `&`
 * swapped for three more, so its parser cannot drop or keep markup. Here the text is
 * escaped first and only then do the markers become <mark> and the swapped characters
 * their entities: nothing in a title or body can become HTML.
 */
export const MATCH_START = "\u0001";
export const MATCH_STOP = "\u0002";
/** The characters `translate(text, '<>&', TAG_MARKERS)` puts in place of `<`, `>` and `&`. */
export const TAG_MARKERS = "\u0003\u0004\u0005";

/** ts_headline's options for a title: every match marked, nothing cut. */
export const TITLE_HEADLINE_OPTIONS = `HighlightAll=true, StartSel=${MATCH_START}, StopSel=${MATCH_STOP}`;
/** ts_headline's options for a snippet: up to two short fragments around the matches. */
export const SNIPPET_HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, MaxWords=28, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

const replacements: Record<string, string> = {
  '"': "&quot;",
  "'": "&#39;",
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "\u0003": "&lt;",
  "\u0004": "&gt;",
  "\u0005": "&amp;",
};

/**
 * ts_headline's output as HTML whose only elements are <mark>s: every character is escaped,
 * the markers become <mark> and </mark> in pairs (never nested; one left open is dropped),
 * and any other control character is left out.
 */
export function headlineToHtml(headline: string) {
  const out: string[] = [];
  let openAt = -1;
  for (const character of headline) {
    if (character === MATCH_START) {
      if (openAt >= 0) continue;
      openAt = out.length;
      out.push("<mark>");
    } else if (character === MATCH_STOP) {
      if (openAt < 0) continue;
      openAt = -1;
      out.push("</mark>");
    } else if (character in replacements) out.push(replacements[character]);
    else if (character.charCodeAt(0) > 0x08) out.push(character);
  }
  if (openAt >= 0) out[openAt] = "";
  return out.join("").replace(/\s+/g, " ").trim();
}
