import { createReadStream } from "node:fs";
import { SaxesParser } from "saxes";
import { AppError } from "#server/errors.ts";

/**
 * A WordPress export (WXR: RSS 2.0 with WordPress's own elements) read as a stream of
 * events: the site, each author, each item (post, page, attachment…) with its categories,
 * custom fields and comments. One item at a time is in memory, whatever the file's size.
 */

export type WxrSite = { title: string; link: string; baseSiteUrl: string; baseBlogUrl: string };
export type WxrAuthor = { login: string; email: string; displayName: string };
export type WxrCategory = { domain: string; nicename: string; name: string };
export type WxrComment = Record<string, string>;
export type WxrItem = {
  /** The item's own elements by name: title, link, content:encoded, wp:post_id… */
  fields: Record<string, string>;
  categories: WxrCategory[];
  /** Custom fields (wp:postmeta): _thumbnail_id, _wp_attachment_image_alt… */
  meta: Record<string, string>;
  comments: WxrComment[];
};

export type WxrEvent =
  | { type: "site"; site: WxrSite }
  | { type: "author"; author: WxrAuthor }
  | { type: "item"; item: WxrItem };

/** One element's text larger than this is refused (no post is this long). */
const MAX_TEXT = 32 * 1024 * 1024;

/** HTML's named characters that titles in exports carry although XML does not define them. */
const HTML_ENTITIES: Record<string, string> = {
  nbsp: "\u00a0",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  copy: "©",
  reg: "®",
  trade: "™",
  eacute: "é",
  egrave: "è",
  agrave: "à",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
  szlig: "ß",
  euro: "€",
  pound: "£",
  middot: "·",
  bull: "•",
  times: "×",
};

function malformed(message: string, line?: number) {
  return new AppError(
    "INVALID",
    `This is not a WordPress export that can be read${line ? ` (line ${line})` : ""}: ${message}. Export it again from Tools → Export in WordPress.`,
  );
}

export async function* readWxr(
  file: string,
  { onBytes }: { onBytes?: (bytes: number) => void } = {},
): AsyncGenerator<WxrEvent> {
  const parser = new SaxesParser({ position: true });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  const events: WxrEvent[] = [];
  const stack: string[] = [];
  let text = "";
  let isRss = false;
  const site: WxrSite = { title: "", link: "", baseSiteUrl: "", baseBlogUrl: "" };
  let isSiteSent = false;
  let author: Record<string, string> | undefined;
  let item: WxrItem | undefined;
  let meta: { key: string; value: string } | undefined;
  let comment: WxrComment | undefined;
  let category: { domain: string; nicename: string } | undefined;
  let error: Error | undefined;

  const sendSite = () => {
    if (isSiteSent) return;
    isSiteSent = true;
    events.push({ type: "site", site: { ...site } });
  };

  parser.on("error", (caught) => {
    error ??= malformed(caught.message.replace(/^.*?:\d+:\d+: /, ""), parser.line);
  });
  parser.on("opentag", (node) => {
    const name = node.name;
    if (stack.length === 0 && name !== "rss") error ??= malformed("it does not start with <rss>");
    if (name === "rss") isRss = true;
    stack.push(name);
    text = "";
    const parent = stack[stack.length - 2];
    if (name === "item" && parent === "channel") {
      sendSite();
      item = { fields: {}, categories: [], meta: {}, comments: [] };
    } else if (name === "wp:author" && parent === "channel") {
      sendSite();
      author = {};
    } else if (item && name === "wp:postmeta") meta = { key: "", value: "" };
    else if (item && name === "wp:comment") comment = {};
    else if (item && name === "category" && parent === "item")
      category = {
        domain: String(node.attributes.domain ?? ""),
        nicename: String(node.attributes.nicename ?? ""),
      };
  });
  const addText = (value: string) => {
    if (text.length + value.length > MAX_TEXT)
      error ??= malformed("one of its elements is larger than 32 MB");
    else text += value;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", (node) => {
    const name = node.name;
    stack.pop();
    const parent = stack[stack.length - 1];
    if (item) {
      if (name === "item") {
        events.push({ type: "item", item });
        item = undefined;
      } else if (comment) {
        if (name === "wp:comment") {
          item.comments.push(comment);
          comment = undefined;
        } else if (parent === "wp:comment") comment[name] = text;
      } else if (meta) {
        if (name === "wp:postmeta") {
          if (meta.key) item.meta[meta.key] = meta.value;
          meta = undefined;
        } else if (name === "wp:meta_key") meta.key = text.trim();
        else if (name === "wp:meta_value") meta.value = text;
      } else if (category && name === "category") {
        item.categories.push({ ...category, name: text.trim() });
        category = undefined;
      } else if (parent === "item") item.fields[name] = text;
    } else if (author) {
      if (name === "wp:author") {
        events.push({
          type: "author",
          author: {
            login: (author["wp:author_login"] ?? "").trim(),
            email: (author["wp:author_email"] ?? "").trim(),
            displayName: (author["wp:author_display_name"] ?? "").trim(),
          },
        });
        author = undefined;
      } else author[name] = text;
    } else if (parent === "channel") {
      if (name === "title") site.title = text.trim();
      else if (name === "link") site.link = text.trim();
      else if (name === "wp:base_site_url") site.baseSiteUrl = text.trim();
      else if (name === "wp:base_blog_url") site.baseBlogUrl = text.trim();
    }
    text = "";
  });

  let isFirst = true;
  const stream = createReadStream(file, { encoding: "utf8", highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream) {
      let part = chunk as string;
      onBytes?.(Buffer.byteLength(part));
      if (isFirst) {
        part = part.replace(/^\uFEFF?\s+/, "").replace(/^\uFEFF/, "");
        isFirst = false;
      }
      parser.write(part);
      if (error) throw error;
      while (events.length) yield events.shift() as WxrEvent;
    }
    parser.close();
  } finally {
    stream.destroy();
  }
  if (error) throw error;
  if (!isRss) throw malformed("the file is empty");
  sendSite();
  while (events.length) yield events.shift() as WxrEvent;
}
