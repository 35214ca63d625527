import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { renditionsOf, uploadedImageOf } from "#shared/images.ts";

/**
 * The version of the rules below. Insights and case studies store the HTML they render
 * with it (server/content/rendered.ts): raise it with any change to what renderMarkdown
 * or readingMinutes produce, and every stored body is rendered again at the next start.
 */
export const RENDERER_VERSION = 1;

/** Our own Marked instance: raw HTML in the source is kept only as far as the sanitiser allows. */
const marked = new Marked({ gfm: true, breaks: false, async: false });

/** An uploaded image's original size, by its name without size and format (findImageSizes). */
export type ImageSizes = Map<string, { width: number; height: number }>;

export type RenderOptions = {
  /** Offer the browser the smaller stored sizes of uploaded images (off for mails). */
  isResponsive?: boolean;
  /** Sizes of the uploads used, so images get width and height and the page does not jump. */
  imageSizes?: ImageSizes;
};

/** How wide an image in an article or show notes is drawn: the text column, at most 48 rem. */
const ARTICLE_IMAGE_SIZES = "(min-width: 48rem) 48rem, 100vw";

/** An uploaded image offers each stored width (srcset) and says its size (width, height). */
function responsiveImage(attribs: sanitizeHtml.Attributes, options: RenderOptions) {
  const uploaded = uploadedImageOf(attribs.src);
  const renditions = renditionsOf(attribs.src);
  if (!uploaded || !renditions || options.isResponsive === false) return attribs;
  const result: sanitizeHtml.Attributes = {
    ...attribs,
    srcset: renditions.webp,
    sizes: ARTICLE_IMAGE_SIZES,
  };
  const size = options.imageSizes?.get(uploaded.base);
  if (size && size.width > 0 && !attribs.width && !attribs.height) {
    const width = Math.min(uploaded.largest, size.width);
    result.width = String(width);
    result.height = String(Math.round((width * size.height) / size.width));
  }
  return result;
}

const sanitizeOptionsFor = (options: RenderOptions): sanitizeHtml.IOptions => ({
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
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading", "decoding"],
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
    img: (tagName, { srcset: _srcset, sizes: _sizes, ...attribs }) => ({
      tagName,
      attribs: {
        // A srcset or sizes written in the source is not ours to trust: only ours are kept.
        ...responsiveImage(attribs, options),
        loading: "lazy",
        decoding: "async",
        alt: attribs.alt ?? "",
      },
    }),
  },
});

/** Sanitises an HTML fragment: only the tags and attributes above, no scripts, handlers or javascript: links. */
export function sanitizeRichHtml(html: string, options: RenderOptions = {}) {
  return sanitizeHtml(html, sanitizeOptionsFor(options));
}

/**
 * Renders Markdown to HTML that is safe to insert with dangerouslySetInnerHTML:
 * whatever the source holds (script, event handlers, javascript: links, broken
 * tags), the result is inert.
 */
export function renderMarkdown(markdown: string, options: RenderOptions = {}) {
  const html = marked.parse(markdown, { async: false }) as string;
  return sanitizeRichHtml(html, options);
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
