import { htmlToText, loadHtmlConversion } from "./html-to-markdown";
import { planPage, type SourcePage } from "./pages";
import { planPost, type SourceComment, type SourcePost } from "./posts";
import { newSiteState, type SiteState } from "./site-state";
import type { Importer } from "./types";
import { readWxr, type WxrItem, type WxrSite } from "./wxr";

/**
 * A WordPress export (Tools → Export, "All content"): posts become insights, pages become
 * pages built from blocks, comments stay with their posts, featured and inline images come
 * into the media library, and every old address of a post or page redirects to it.
 */

type Attachment = { url: string; alt: string };

type WordPressState = SiteState & {
  site: WxrSite;
  authors: Map<string, string>;
  attachments: Map<string, Attachment>;
  /** The old blog's path ("" at the root, "/blog" in a folder): where ?p=123 was answered. */
  blogPath: string;
  counts: Record<string, number>;
};

/** A WordPress date ("2019-05-15 10:00:00", GMT) as a Date; the zero date is none. */
function wordPressDate(gmt: string | undefined, fallback?: string) {
  const value = (gmt ?? "").trim();
  if (value && !value.startsWith("0000")) {
    const date = new Date(`${value.replace(" ", "T")}Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  if (fallback) {
    const date = new Date(fallback);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return null;
}

function siteOrigin(site: WxrSite) {
  const base = site.baseBlogUrl || site.baseSiteUrl || site.link;
  try {
    const url = new URL(base);
    return { origin: url.origin.toLowerCase(), path: url.pathname.replace(/\/+$/, "") };
  } catch {
    return { origin: "", path: "" };
  }
}

/** The path of a link on the old site (other hosts' links are not the site's addresses). */
function oldPathOf(link: string, state: WordPressState) {
  try {
    const url = new URL(link, state.siteUrl || undefined);
    if (state.siteUrl && url.origin.toLowerCase() !== new URL(state.siteUrl).origin.toLowerCase())
      return undefined;
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

const SKIPPED_TYPES: Record<string, string> = {
  nav_menu_item: "A menu entry: menus are set under Settings → Navigation.",
  revision: "An old revision.",
  custom_css: "A theme setting of WordPress.",
  customize_changeset: "A theme setting of WordPress.",
  oembed_cache: "WordPress's cache.",
  wp_global_styles: "A theme setting of WordPress.",
  wp_template: "A theme template.",
  wp_template_part: "A theme template.",
  wp_navigation: "A menu: menus are set under Settings → Navigation.",
  wp_block: "A reusable block of the WordPress editor.",
  user_request: "A privacy request kept by WordPress.",
  wp_font_family: "A theme setting of WordPress.",
  wp_font_face: "A theme setting of WordPress.",
};

function statusOf(item: WxrItem): Pick<SourcePost, "status" | "statusNote" | "skipReason"> {
  const status = (item.fields["wp:status"] ?? "").trim();
  const isProtected = Boolean((item.fields["wp:post_password"] ?? "").trim());
  if (status === "trash") return { status: "skip", skipReason: "In WordPress's trash." };
  if (status === "auto-draft" || status === "inherit")
    return { status: "skip", skipReason: "An automatic draft WordPress made." };
  if (isProtected)
    return { status: "draft", statusNote: "It was password-protected: kept as a draft." };
  if (status === "publish") return { status: "published" };
  if (status === "future") return { status: "scheduled" };
  if (status === "private")
    return { status: "draft", statusNote: "It was private: kept as a draft." };
  if (status === "pending")
    return { status: "draft", statusNote: "It was waiting for review: kept as a draft." };
  return { status: "draft" };
}

function commentsOf(item: WxrItem, postId: string): SourceComment[] {
  return item.comments.map((comment) => {
    const id = (comment["wp:comment_id"] ?? "").trim();
    const type = (comment["wp:comment_type"] ?? "").trim();
    const approved = (comment["wp:comment_approved"] ?? "").trim();
    const base = {
      key: id || `${postId}:${comment["wp:comment_date_gmt"] ?? ""}`,
      origin: `comment ${id} on post ${postId}`,
      name: htmlToText(comment["wp:comment_author"] ?? ""),
      email: (comment["wp:comment_author_email"] ?? "").trim(),
      body: htmlToText(comment["wp:comment_content"] ?? ""),
      date: wordPressDate(comment["wp:comment_date_gmt"], comment["wp:comment_date"]),
    };
    if (type === "pingback" || type === "trackback")
      return { ...base, status: "skip", skipReason: `A ${type}, not a comment.` };
    if (approved === "1") return { ...base, status: "approved" };
    if (approved === "0") return { ...base, status: "pending" };
    if (approved === "spam") return { ...base, status: "skip", skipReason: "Marked as spam." };
    return { ...base, status: "skip", skipReason: "In WordPress's trash." };
  });
}

function sourcePostOf(item: WxrItem, state: WordPressState): SourcePost {
  const id = (item.fields["wp:post_id"] ?? "").trim();
  const fields = item.fields;
  const thumbnail = state.attachments.get((item.meta._thumbnail_id ?? "").trim());
  const date = wordPressDate(fields["wp:post_date_gmt"], fields.pubDate);
  const login = (fields["dc:creator"] ?? "").trim();
  const oldPaths = [
    ...new Set(
      [
        fields.link ? oldPathOf(fields.link, state) : undefined,
        id ? `${state.blogPath}/?p=${id}` : undefined,
      ].filter((value): value is string => Boolean(value)),
    ),
  ];
  return {
    key: id,
    origin: `post ${id}`,
    title: fields.title ?? "",
    slug: (fields["wp:post_name"] ?? "").trim() || (fields.title ?? ""),
    html: fields["content:encoded"] ?? "",
    isWordPress: true,
    excerpt: fields["excerpt:encoded"] ?? "",
    author: state.authors.get(login) || login,
    tags: item.categories
      .filter((category) => category.domain === "category" || category.domain === "post_tag")
      .map((category) => category.name),
    ...statusOf(item),
    date,
    featuredImage: thumbnail,
    oldPaths,
    comments: commentsOf(item, id),
  };
}

function sourcePageOf(item: WxrItem, state: WordPressState): SourcePage {
  const id = (item.fields["wp:post_id"] ?? "").trim();
  return {
    key: id,
    origin: `page ${id}`,
    title: item.fields.title ?? "",
    slug: (item.fields["wp:post_name"] ?? "").trim() || (item.fields.title ?? ""),
    html: item.fields["content:encoded"] ?? "",
    isWordPress: true,
    ...statusOf(item),
    date: wordPressDate(item.fields["wp:post_date_gmt"], item.fields.pubDate),
    oldPaths: [
      ...new Set(
        [
          item.fields.link ? oldPathOf(item.fields.link, state) : undefined,
          id ? `${state.blogPath}/?page_id=${id}` : undefined,
        ].filter((value): value is string => Boolean(value)),
      ),
    ],
  };
}

export const wordPressImporter: Importer<WordPressState, WxrItem> = {
  async prepare(context) {
    await loadHtmlConversion();
    let site: WxrSite = { title: "", link: "", baseSiteUrl: "", baseBlogUrl: "" };
    const authors = new Map<string, string>();
    const attachments = new Map<string, Attachment>();
    const counts: Record<string, number> = {};
    for await (const event of readWxr(context.file, { onBytes: context.onBytes })) {
      if (event.type === "site") site = event.site;
      else if (event.type === "author")
        authors.set(event.author.login, event.author.displayName || event.author.login);
      else {
        const type = (event.item.fields["wp:post_type"] ?? "").trim() || "post";
        counts[type] = (counts[type] ?? 0) + 1;
        if (type === "attachment") {
          const url = (
            event.item.fields["wp:attachment_url"] ??
            event.item.fields.guid ??
            ""
          ).trim();
          if (url)
            attachments.set((event.item.fields["wp:post_id"] ?? "").trim(), {
              url,
              alt:
                (event.item.meta._wp_attachment_image_alt ?? "").trim() ||
                htmlToText(event.item.fields.title ?? ""),
            });
        }
      }
    }
    const { origin, path } = siteOrigin(site);
    const siteUrl = context.run.options.siteUrl || (origin ? `${origin}${path}` : "");
    return {
      ...newSiteState(`wordpress:${origin || site.title || "site"}${path}`, siteUrl, context.zip),
      site,
      authors,
      attachments,
      blogPath: path,
      counts,
    };
  },
  async *units(context) {
    for await (const event of readWxr(context.file, { onBytes: context.onBytes }))
      if (event.type === "item") yield event.item;
  },
  async plan(item, context, state) {
    const type = (item.fields["wp:post_type"] ?? "").trim() || "post";
    const id = (item.fields["wp:post_id"] ?? "").trim();
    if (type === "post") return planPost(sourcePostOf(item, state), context, state);
    if (type === "page") return planPage(sourcePageOf(item, state), context, state);
    // Images are listed with the posts that show them; the rest of the library stays behind.
    if (type === "attachment") return [];
    return [
      {
        itemKind: "other",
        origin: `${type} ${id}`,
        label: htmlToText(item.fields.title ?? "") || `${type} ${id}`,
        action: "skip",
        reason: SKIPPED_TYPES[type] ?? `A WordPress type Frontier has no place for (${type}).`,
      },
    ];
  },
  facts(state) {
    return {
      site: state.site.title,
      siteUrl: state.siteUrl,
      authors: state.authors.size,
      types: state.counts,
      hasZip: state.zipPaths.size > 0,
    };
  },
};
