import { htmlToText, loadHtmlConversion } from "./html-to-markdown";
import { readJsonRecords } from "./json-records";
import { planPage } from "./pages";
import { planPost, type SourcePost } from "./posts";
import { newSiteState, type SiteState } from "./site-state";
import type { Importer } from "./types";

/**
 * A Ghost export (Settings → Labs → Export your content, a JSON file): posts become insights
 * with their tags, authors, excerpts and feature images; pages become pages built from blocks.
 * Ghost keeps tags, authors and their links to posts in tables of their own: they are read
 * first, then the posts one at a time.
 */

type GhostRecord = Record<string, unknown>;

type GhostState = SiteState & {
  tags: Map<string, { name: string; isPublic: boolean }>;
  postTags: Map<string, Array<{ tagId: string; order: number }>>;
  users: Map<string, string>;
  postAuthors: Map<string, Array<{ authorId: string; order: number }>>;
  featureAlts: Map<string, string>;
  sitePath: string;
  version: string;
  title: string;
};

const SIDE_TABLES = new Set([
  "tags",
  "posts_tags",
  "users",
  "posts_authors",
  "posts_meta",
  "settings",
  "meta",
]);

/** The table an array of a Ghost export holds: `db[0].data.<table>` (or `data.<table>`). */
function tableAt(wanted: Set<string>) {
  return (path: Array<string | number>) => {
    const table = path[path.length - 2];
    const isData = path[path.length - 3] === "data";
    const depthFits = path.length === 3 || (path.length === 5 && path[0] === "db");
    return isData && depthFits && typeof table === "string" && wanted.has(table)
      ? table
      : undefined;
  };
}

const text = (value: unknown) =>
  typeof value === "string" ? value : value == null ? "" : String(value);

function dateOf(value: unknown) {
  if (value === null || value === undefined || value === "") return null;
  const date = new Date(typeof value === "number" ? value : String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

function sortedIds<T extends { order: number }>(list: T[] | undefined) {
  return [...(list ?? [])].sort((a, b) => a.order - b.order);
}

function statusOf(post: GhostRecord): Pick<SourcePost, "status" | "statusNote" | "skipReason"> {
  const status = text(post.status);
  const visibility = text(post.visibility) || "public";
  if (visibility !== "public")
    return {
      status: "draft",
      statusNote: `It was for ${visibility === "paid" ? "paying members" : "members"} only on Ghost: kept as a draft (here it would be public).`,
    };
  if (status === "published") return { status: "published" };
  if (status === "scheduled") return { status: "scheduled" };
  if (status === "sent")
    return { status: "draft", statusNote: "It was sent as a newsletter only: kept as a draft." };
  return { status: "draft" };
}

function htmlOf(post: GhostRecord) {
  const html = text(post.html);
  if (html.trim()) return html;
  const plain = text(post.plaintext);
  return plain
    .split(/\n\s*\n/)
    .map((part) => `<p>${part.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`)
    .join("");
}

export const ghostImporter: Importer<GhostState, GhostRecord> = {
  async prepare(context) {
    await loadHtmlConversion();
    const tags = new Map<string, { name: string; isPublic: boolean }>();
    const postTags = new Map<string, Array<{ tagId: string; order: number }>>();
    const users = new Map<string, string>();
    const postAuthors = new Map<string, Array<{ authorId: string; order: number }>>();
    const featureAlts = new Map<string, string>();
    const version = "";
    let title = "";
    const wanted = new Set([...SIDE_TABLES]);
    for await (const { table, record } of readJsonRecords(context.file, {
      tableOf: tableAt(wanted),
      onBytes: context.onBytes,
    })) {
      if (table === "tags") {
        const name = text(record.name);
        tags.set(text(record.id), {
          name,
          isPublic: text(record.visibility || "public") === "public" && !name.startsWith("#"),
        });
      } else if (table === "posts_tags") {
        const list = postTags.get(text(record.post_id)) ?? [];
        list.push({ tagId: text(record.tag_id), order: Number(record.sort_order ?? list.length) });
        postTags.set(text(record.post_id), list);
      } else if (table === "users") users.set(text(record.id), text(record.name));
      else if (table === "posts_authors") {
        const list = postAuthors.get(text(record.post_id)) ?? [];
        list.push({
          authorId: text(record.author_id),
          order: Number(record.sort_order ?? list.length),
        });
        postAuthors.set(text(record.post_id), list);
      } else if (table === "posts_meta") {
        const alt = text(record.feature_image_alt);
        if (alt) featureAlts.set(text(record.post_id), alt);
      } else if (table === "settings" && text(record.key) === "title") title = text(record.value);
    }
    const siteUrl = (context.run.options.siteUrl ?? "").replace(/\/+$/, "");
    let sitePath = "";
    try {
      sitePath = siteUrl ? new URL(siteUrl).pathname.replace(/\/+$/, "") : "";
    } catch {
      sitePath = "";
    }
    return {
      ...newSiteState("ghost", siteUrl, context.zip),
      tags,
      postTags,
      users,
      postAuthors,
      featureAlts,
      sitePath,
      version,
      title,
    };
  },
  async *units(context) {
    for await (const { record } of readJsonRecords(context.file, {
      tableOf: tableAt(new Set(["posts"])),
      onBytes: context.onBytes,
    }))
      yield record;
  },
  async plan(post, context, state) {
    const id = text(post.id);
    const slug = text(post.slug);
    const type = text(post.type) || (post.page === true || post.page === 1 ? "page" : "post");
    const status = statusOf(post);
    const date = dateOf(post.published_at) ?? dateOf(post.created_at);
    const oldPaths = slug ? [`${state.sitePath}/${slug}/`] : [];
    const hasText = Boolean(text(post.html).trim() || text(post.plaintext).trim());
    const noHtml = {
      status: "skip" as const,
      skipReason: "The export has no HTML for it (export again from Ghost 5 or later).",
    };
    if (type === "page")
      return planPage(
        {
          key: text(post.uuid) || id,
          origin: `page ${id}`,
          title: text(post.title),
          slug,
          html: htmlOf(post),
          isWordPress: false,
          ...(hasText ? status : noHtml),
          date,
          oldPaths,
        },
        context,
        state,
      );
    const authors = sortedIds(state.postAuthors.get(id))
      .map((entry) => state.users.get(entry.authorId))
      .filter(Boolean);
    const author = authors[0] ?? state.users.get(text(post.author_id)) ?? "";
    const tags = sortedIds(state.postTags.get(id))
      .map((entry) => state.tags.get(entry.tagId))
      .filter((tag): tag is { name: string; isPublic: boolean } => Boolean(tag?.isPublic))
      .map((tag) => tag.name);
    const feature = text(post.feature_image);
    return planPost(
      {
        key: text(post.uuid) || id,
        origin: `post ${id}`,
        title: text(post.title),
        slug,
        html: htmlOf(post),
        isWordPress: false,
        excerpt: text(post.custom_excerpt) || htmlToText(text(post.excerpt)),
        author,
        tags,
        ...(hasText ? status : noHtml),
        date,
        featuredImage: feature ? { url: feature, alt: state.featureAlts.get(id) ?? "" } : undefined,
        oldPaths,
        comments: [],
      },
      context,
      state,
    );
  },
  facts(state) {
    return {
      site: state.title,
      siteUrl: state.siteUrl,
      tags: state.tags.size,
      authors: state.users.size,
      hasZip: state.zipPaths.size > 0,
    };
  },
};
