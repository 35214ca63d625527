import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** Our own Marked instance: raw HTML in the source is kept only as far as the sanitiser allows. */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "code",
    "em",
    "strong",
    "del",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    code: ["class"],
    th: ["align"],
    td: ["align"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // A level-one heading is the page title; the body starts at level two.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const isExternal = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: isExternal ? { ...attribs, rel: "noopener noreferrer nofollow" } : attribs,
      };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, loading: "lazy", decoding: "async", alt: attribs.alt ?? "" },
    }),
  },
};

/** Sanitises an HTML fragment: only the tags and attributes above, no scripts, handlers or javascript: links. */
export function sanitizeRichHtml(html: string) {
  return sanitizeHtml(html, sanitizeOptions);
}

/**
 * Renders Markdown to HTML that is safe to insert with dangerouslySetInnerHTML:
 * whatever the source holds (script, event handlers, javascript: links, broken
 * tags), the result is inert.
 */
export function renderMarkdown(markdown: string) {
  const html = marked.parse(markdown, { async: false }) as string;
  return sanitizeRichHtml(html);
}

/** Plain text of a Markdown body (for feeds' fallbacks, excerpts and reading time). */
export function markdownToText(markdown: string) {
  return sanitizeHtml(marked.parse(markdown, { async: false }) as string, {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/\s+/g, " ")
    .trim();
}

const WORDS_PER_MINUTE = 220;

/** Whole minutes to read a Markdown body, at least one. */
export function readingMinutes(markdown: string) {
  const words = markdownToText(markdown).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
