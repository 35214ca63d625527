import { eq } from "drizzle-orm";
import { markdownToText } from "#server/content/markdown.ts";
import { saveInsight } from "#server/content-admin/insights.ts";
import type { Db } from "#server/db/client.ts";
import { comments, insights } from "#server/db/schema/content.ts";
import { slugify } from "#shared/content-admin/forms.ts";
import {
  type ConvertedHtml,
  decodeEntities,
  htmlToMarkdown,
  htmlToText,
  shorten,
} from "./html-to-markdown";
import { planImage, withImportedImages } from "./images";
import { AlreadyImportedError, findImported, recordImported } from "./ledger";
import { planRedirects, type RedirectTarget } from "./old-addresses";
import type { SiteState } from "./site-state";
import type { ImportContext, ItemResult, PlannedItem } from "./types";

/**
 * Posts from another platform (WordPress, Ghost) as insights, with their images in the media
 * library, their comments and a 301 from every old address (decision 521). Each platform reads
 * its file into these shapes; everything after is the same.
 */

export type SourceComment = {
  key: string;
  origin: string;
  name: string;
  email: string;
  /** Plain text. */
  body: string;
  date: Date | null;
  status: "approved" | "pending" | "skip";
  skipReason?: string;
};

export type SourcePost = {
  /** The post's key in its origin (the ledger's). */
  key: string;
  origin: string;
  title: string;
  slug: string;
  html: string;
  isWordPress: boolean;
  /** Plain text, or "" to take the start of the body. */
  excerpt: string;
  author: string;
  tags: string[];
  status: "published" | "draft" | "scheduled" | "skip";
  /** What to tell staff about the state (a private post kept as a draft…). */
  statusNote?: string;
  skipReason?: string;
  /** When it was (or will be) published. */
  date: Date | null;
  featuredImage?: { url: string; alt: string };
  /** Old addresses that should lead to the insight: paths, or a path with one parameter. */
  oldPaths: string[];
  comments: SourceComment[];
};

const MAX_TAGS = 12;
const MAX_BODY = 100_000;

/** The slug an imported post takes: its own when free, else with -2, -3… */
async function planSlug(post: SourcePost, context: ImportContext, state: SiteState) {
  let decoded = post.slug;
  try {
    decoded = decodeURIComponent(post.slug);
  } catch {
    // kept as written
  }
  const base =
    slugify(decoded).slice(0, 90) ||
    slugify(post.title).slice(0, 90) ||
    `post-${slugify(post.key) || "imported"}`;
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (state.plannedSlugs.has(candidate)) continue;
    const [taken] = await context.db
      .select({ id: insights.id })
      .from(insights)
      .where(eq(insights.slug, candidate));
    if (taken) continue;
    state.plannedSlugs.add(candidate);
    return { slug: candidate, isRenamed: candidate !== slugify(decoded) };
  }
}

function cleanTags(tags: string[]) {
  const all = [
    ...new Set(
      tags
        .map((tag) =>
          decodeEntities(tag).trim().toLowerCase().replace(/,/g, " ").slice(0, 40).trim(),
        )
        .filter((tag) => tag && tag !== "uncategorized"),
    ),
  ];
  return { tags: all.slice(0, MAX_TAGS), dropped: all.slice(MAX_TAGS) };
}

/** An insight's address by its id, for the redirects to it. */
function insightTarget(key: RedirectTarget["key"]): RedirectTarget {
  return {
    key,
    noun: "post",
    async pathOf(db: Db, id: string) {
      const [row] = await db
        .select({ slug: insights.slug })
        .from(insights)
        .where(eq(insights.id, id));
      return row ? `/insights/${row.slug}` : undefined;
    },
  };
}

/** Every row one post makes: its images, the post, its comments and its old addresses. */
export async function planPost(
  post: SourcePost,
  context: ImportContext,
  state: SiteState,
): Promise<PlannedItem[]> {
  const key = { source: state.source, itemKind: "post", sourceKey: post.key };
  const title = shorten(decodeEntities(post.title), 200);
  const imported = await findImported(context.db, key);
  const items: PlannedItem[] = [];
  const postItem: PlannedItem = {
    itemKind: "post",
    origin: post.origin,
    label: title || "(untitled)",
    action: "skip",
  };
  let converted: ConvertedHtml | undefined;
  let reason = "";
  if (imported) {
    const [still] = await context.db
      .select({ slug: insights.slug })
      .from(insights)
      .where(eq(insights.id, imported.targetId));
    reason = still
      ? `Imported before: /insights/${still.slug}.`
      : "Imported before and deleted since: not created again.";
  } else if (post.status === "skip") reason = post.skipReason ?? "Not a post to import.";
  else if (!title) reason = "It has no title.";
  else {
    converted = htmlToMarkdown(post.html, { isWordPress: post.isWordPress });
    if (!converted.markdown.trim()) reason = "It has no text.";
    else if (converted.markdown.length > MAX_BODY)
      reason = `Its text is ${converted.markdown.length.toLocaleString("en")} characters; an insight holds at most 100,000.`;
  }
  if (reason || !converted) {
    postItem.reason = reason;
    items.push(postItem);
    // The old addresses of a post imported before still lead to it.
    if (imported && post.status === "published")
      items.push(
        ...(await planRedirects(post, insightTarget(key), context, state, {
          importedId: imported.targetId,
        })),
      );
    for (const comment of post.comments)
      items.push(await planComment(comment, post, context, state, Boolean(imported)));
    return items;
  }

  const images = [...converted.images];
  if (post.featuredImage && !images.some((image) => image.src === post.featuredImage?.url))
    images.unshift({ src: post.featuredImage.url, alt: post.featuredImage.alt });
  for (const image of images) {
    const planned = planImage(image, { origin: post.origin, title: post.title }, context, state);
    if (planned) items.push(planned);
  }

  const { slug, isRenamed } = await planSlug(post, context, state);
  const { tags, dropped } = cleanTags(post.tags);
  let status = post.status;
  const notes: string[] = [];
  if (post.statusNote) notes.push(post.statusNote);
  if (status === "scheduled" && (!post.date || post.date.getTime() <= Date.now() + 60_000)) {
    status = "draft";
    notes.push("Its schedule has passed: kept as a draft.");
  }
  if (status === "published" && post.date && post.date.getTime() > Date.now() + 60_000)
    status = "scheduled";
  if (isRenamed) notes.push(`Slug ${slug} (its own was taken or not usable).`);
  if (dropped.length)
    notes.push(`Tags kept: the first ${MAX_TAGS}; left out: ${dropped.join(", ")}.`);
  if (converted.shortcodes.length)
    notes.push(`Shortcodes removed: ${converted.shortcodes.join(", ")}.`);
  if (converted.hadActiveContent) notes.push("Scripts, frames and forms in its HTML were removed.");
  const markdown = converted.markdown;
  const excerpt = shorten(htmlToText(post.excerpt) || markdownToText(markdown), 400);
  postItem.action = "create";
  postItem.reason = [
    `${status === "published" ? "Published" : status === "scheduled" ? "Scheduled" : "Draft"} insight /insights/${slug}${tags.length ? `, tags: ${tags.join(", ")}` : ""}.`,
    ...notes,
  ].join(" ");
  postItem.run = async () => {
    if (await findImported(context.db, key))
      return { outcome: "skipped", note: "Imported before." };
    const body = await withImportedImages(markdown, converted.images, context, state);
    const cover = post.featuredImage
      ? await findImported(context.db, {
          source: state.source,
          itemKind: "image",
          sourceKey: post.featuredImage.url,
        })
      : undefined;
    try {
      const saved = await saveInsight({
        database: context.database,
        input: {
          title,
          slug,
          excerpt: excerpt || title,
          body,
          author: shorten(decodeEntities(post.author) || "Imported", 120),
          tags,
          coverImage: cover?.targetUrl ?? "",
          coverAlt: cover?.targetUrl ? shorten(post.featuredImage?.alt || title, 300) : "",
          status,
          publishAt: status === "scheduled" ? post.date?.toISOString() : undefined,
        },
        actor: {
          id: context.actor.id as string,
          name: context.actor.name,
          email: context.actor.email ?? undefined,
        },
        address: context.actor.address ?? undefined,
        publishedAt: status === "published" && post.date ? post.date : undefined,
        within: async (tx, recordId) => {
          if (!(await recordImported(tx, { ...key, targetId: recordId })))
            throw new AlreadyImportedError();
        },
      });
      return {
        outcome: "created",
        note: `/insights/${saved.slug} (${saved.status}).`,
        targetHref: `/admin/insights/edit/${saved.id}`,
      };
    } catch (error) {
      if (error instanceof AlreadyImportedError)
        return { outcome: "skipped", note: "Imported before." };
      throw error;
    }
  };
  items.push(postItem);
  for (const comment of post.comments)
    items.push(await planComment(comment, post, context, state, false));
  if (status === "published")
    items.push(
      ...(await planRedirects(post, insightTarget(key), context, state, {
        plannedPath: `/insights/${slug}`,
      })),
    );
  return items;
}

async function planComment(
  comment: SourceComment,
  post: SourcePost,
  context: ImportContext,
  state: SiteState,
  isPostImportedBefore: boolean,
): Promise<PlannedItem> {
  const key = { source: state.source, itemKind: "comment", sourceKey: comment.key };
  const postKey = { source: state.source, itemKind: "post", sourceKey: post.key };
  const label = `${shorten(comment.name || "Anonymous", 60)}: ${shorten(comment.body, 80)}`;
  const base = { itemKind: "comment", origin: comment.origin, label };
  if (await findImported(context.db, key))
    return { ...base, action: "skip", reason: "Imported before." };
  if (comment.status === "skip") return { ...base, action: "skip", reason: comment.skipReason };
  if (!comment.body.trim()) return { ...base, action: "skip", reason: "It has no text." };
  const state_ = comment.status === "approved" ? "Approved" : "Held for moderation";
  const run = async (): Promise<ItemResult> => {
    const imported = await findImported(context.db, postKey);
    if (!imported) return { outcome: "skipped", note: "Its post was not imported." };
    try {
      return await context.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(comments)
          .values({
            insightId: imported.targetId,
            name: shorten(comment.name || "Anonymous", 80),
            email: comment.email.trim().toLowerCase().slice(0, 254),
            body: comment.body.trim(),
            status: comment.status === "approved" ? "approved" : "pending",
            createdAt: comment.date ?? new Date(),
            moderatedAt: comment.status === "approved" ? (comment.date ?? new Date()) : null,
          })
          .returning({ id: comments.id });
        if (!(await recordImported(tx, { ...key, targetId: row.id })))
          throw new AlreadyImportedError();
        return { outcome: "created" as const, note: `${state_}.`, targetHref: "/admin/comments" };
      });
    } catch (error) {
      if (error instanceof AlreadyImportedError)
        return { outcome: "skipped", note: "Imported before." };
      throw error;
    }
  };
  return {
    ...base,
    action: "create",
    reason: isPostImportedBefore
      ? `${state_}, on the post imported before.`
      : `${state_}, as it was.`,
    run,
  };
}
