import sanitizeHtml from "sanitize-html";
import type TurndownService from "turndown";

/**
 * A post's HTML from another platform as the Markdown our editor keeps: sanitised first on
 * the same allow-list as rendered articles (scripts, styles, frames, forms and handlers are
 * gone with their content), then written as Markdown. What is saved is rendered and
 * sanitised again like anything typed in the editor (decision 303).
 */

/** A chunk that starts with a block-level tag (or a block editor's comment) is left as it is. */
const BLOCK_START =
  /^(<!--|<\/?(p|div|h[1-6]|ul|ol|li|blockquote|pre|table|thead|tbody|tr|figure|hr|img)[\s>/])/i;

/**
 * WordPress's wpautop in short: text separated by blank lines becomes paragraphs (single
 * newlines break lines); chunks that are already blocks stay as they are.
 */
export function autoParagraphs(html: string) {
  return html
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (BLOCK_START.test(part) ? part : `<p>${part.replace(/\r?\n/g, "<br>\n")}</p>`))
    .join("\n");
}

/**
 * Shortcodes ([caption], [gallery], [embed]…) are WordPress's own: a caption's content is
 * kept, every other shortcode tag is removed. Returns the names removed, for the preview.
 */
export function stripShortcodes(html: string) {
  const removed = new Set<string>();
  const text = html.replace(
    /\[(\/?)([a-z][\w-]*)(?:\s[^\]]*)?\](?!\()/gi,
    (_whole, _closing: string, name: string) => {
      if (!["caption", "wp_caption"].includes(name.toLowerCase())) removed.add(name.toLowerCase());
      return "";
    },
  );
  return { html: text, removed: [...removed] };
}

const importSanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
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
    "i",
    "strong",
    "b",
    "del",
    "s",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // script, style, iframe, object, form and their content go; other unknown tags keep their text.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed"],
};

/** The HTML an import keeps: the allow-list above, nothing that runs. */
export function sanitizeImportedHtml(html: string) {
  return sanitizeHtml(html, importSanitizeOptions);
}

let Turndown: typeof TurndownService | undefined;
let turndown: TurndownService | undefined;

/**
 * Turndown, and the DOM it parses HTML with, are loaded by the first import that converts a
 * post, not at start (as sharp is for uploads): most servers never import anything.
 */
export async function loadHtmlConversion() {
  Turndown ??= (await import("turndown")).default;
}

function converter() {
  if (turndown) return turndown;
  if (!Turndown) throw new Error("loadHtmlConversion() must run before HTML is converted");
  turndown = new Turndown({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "*",
    hr: "---",
  });
  // The page title is the article's only h1: headings are level two to four (as in the editor).
  turndown.addRule("headings", {
    filter: ["h1", "h2", "h3", "h4", "h5", "h6"],
    replacement: (content, node) => {
      const level = Math.min(Math.max(Number(node.nodeName.charAt(1)), 2), 4);
      const text = content.replace(/\s+/g, " ").trim();
      return text ? `\n\n${"#".repeat(level)} ${text}\n\n` : "";
    },
  });
  turndown.addRule("strikethrough", {
    filter: ["del", "s"],
    replacement: (content) => `~~${content}~~`,
  });
  turndown.addRule("figcaption", {
    filter: ["figcaption"],
    replacement: (content) => (content.trim() ? `\n\n*${content.trim()}*\n\n` : ""),
  });
  // Tables as GitHub-flavoured Markdown tables (what the renderer reads); cells on one line.
  turndown.addRule("tableCell", {
    filter: ["th", "td"],
    replacement: (content) =>
      ` ${content
        .replace(/\s*\n+\s*/g, " ")
        .replace(/\|/g, "\\|")
        .trim()} |`,
  });
  turndown.addRule("tableRow", {
    filter: "tr",
    replacement: (content, node) => {
      const element = node as HTMLTableRowElement;
      let row = `|${content}\n`;
      const isFirst = element.parentNode?.firstChild === element;
      const isHead =
        element.parentNode?.nodeName === "THEAD" ||
        (isFirst && (element.parentNode?.parentNode?.firstChild as unknown) === element.parentNode);
      if (isHead && isFirst) row += `|${" --- |".repeat(element.childNodes.length)}\n`;
      return row;
    },
  });
  turndown.addRule("table", {
    filter: "table",
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  turndown.addRule("tableSection", {
    filter: ["thead", "tbody"],
    replacement: (content) => content,
  });
  return turndown;
}

export type ConvertedHtml = {
  markdown: string;
  /** Image addresses the body shows, in order, each once. */
  images: Array<{ src: string; alt: string }>;
  /** Shortcodes removed (WordPress). */
  shortcodes: string[];
  /** Whether something that runs (a script, a frame, a handler) was taken out. */
  hadActiveContent: boolean;
};

const ACTIVE_CONTENT = /<(script|iframe|object|embed|form|style)\b|\son\w+\s*=|javascript:/i;

/** A post body's HTML as Markdown, with the images it uses. */
export function htmlToMarkdown(html: string, { isWordPress = false } = {}): ConvertedHtml {
  let source = html;
  let shortcodes: string[] = [];
  if (isWordPress) {
    const stripped = stripShortcodes(source);
    source = autoParagraphs(stripped.html);
    shortcodes = stripped.removed;
  }
  const clean = sanitizeImportedHtml(source);
  const images: ConvertedHtml["images"] = [];
  const seen = new Set<string>();
  for (const match of clean.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\ssrc="([^"]*)"/i.exec(match[0])?.[1];
    if (!src || seen.has(src)) continue;
    seen.add(src);
    images.push({
      src: decodeEntities(src),
      alt: decodeEntities(/\salt="([^"]*)"/i.exec(match[0])?.[1] ?? ""),
    });
  }
  const markdown = clean.trim() ? converter().turndown(clean).trim() : "";
  return { markdown, images, shortcodes, hadActiveContent: ACTIVE_CONTENT.test(html) };
}

/** Plain text of an HTML fragment (excerpts, comments), whitespace folded. */
export function htmlToText(html: string) {
  return decodeEntities(
    sanitizeHtml(html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/p>/gi, "\n\n"), {
      allowedTags: [],
      allowedAttributes: {},
      nonTextTags: ["script", "style", "textarea", "noscript", "iframe"],
    }),
  )
    .replace(/[ \t]+/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The few entities sanitize-html writes, and numeric ones, back as characters. */
export function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** At most `max` characters, cut at a word, with an ellipsis when cut. */
export function shorten(text: string, max: number) {
  const folded = text.replace(/\s+/g, " ").trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
