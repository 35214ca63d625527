import path from "node:path";
import { eq } from "drizzle-orm";
import { isCacheablePath } from "#server/cache/public-pages.ts";
import { markdownToText } from "#server/content/markdown.ts";
import { saveInsight } from "#server/content-admin/insights.ts";
import { comments, insights } from "#server/db/schema/content.ts";
import { redirects } from "#server/db/schema/seo.ts";
import { AppError } from "#server/errors.ts";
import { saveUpload } from "#server/media/media.ts";
import { uploadLimits } from "#server/media/validate-upload.ts";
import { FetchFailedError, safeFetch, UnsafeAddressError } from "#server/net/safe-fetch.ts";
import { findRedirectProblem, isProductPath, parseRedirectSource } from "#server/seo/redirects.ts";
import { slugify } from "#shared/content-admin/forms.ts";
import {
  type ConvertedHtml,
  decodeEntities,
  htmlToMarkdown,
  htmlToText,
  shorten,
} from "./html-to-markdown";
import { AlreadyImportedError, findImported, recordImported } from "./ledger";
import type { ImportContext, ItemResult, PlannedItem } from "./types";
import { readZipEntry, type SafeZip } from "./zip-reader";

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

export type PostsState = {
  /** The ledger's origin: "wordpress:https://old.example.com", "ghost". */
  source: string;
  /** The old site, for image addresses written without it. */
  siteUrl: string;
  /** The uploads zip's files by their path below the uploads folder. */
  zipPaths: Map<string, string>;
  /** Seen earlier in this read of the file: listed once. */
  plannedImages: Set<string>;
  plannedSlugs: Set<string>;
  plannedRedirects: Set<string>;
};

const MAX_TAGS = 12;
const MAX_BODY = 100_000;

export function newPostsState(source: string, siteUrl: string, zip?: SafeZip): PostsState {
  return {
    source,
    siteUrl,
    zipPaths: zip ? indexZipPaths(zip) : new Map(),
    plannedImages: new Set(),
    plannedSlugs: new Set(),
    plannedRedirects: new Set(),
  };
}

/** Where a file sits below an uploads folder: "2019/05/photo.jpg". */
function relativeUploadPath(value: string) {
  const clean = value.replace(/\\/g, "/");
  for (const marker of ["wp-content/uploads/", "content/images/", "uploads/", "images/"]) {
    const at = clean.lastIndexOf(marker);
    if (at >= 0) return clean.slice(at + marker.length);
  }
  return clean.replace(/^\/+/, "");
}

function indexZipPaths(zip: SafeZip) {
  const paths = new Map<string, string>();
  for (const name of zip.files.keys()) {
    if (name.startsWith("__MACOSX/") || path.posix.basename(name).startsWith(".")) continue;
    const relative = relativeUploadPath(name);
    if (!paths.has(relative)) paths.set(relative, name);
    if (!paths.has(name)) paths.set(name, name);
  }
  return paths;
}

/** The candidates of an image address in an uploads folder: as written, then the full size. */
function zipCandidates(address: string) {
  let pathname = address;
  try {
    pathname = decodeURIComponent(new URL(address, "http://x").pathname);
  } catch {
    // a path as it is
  }
  const relative = relativeUploadPath(pathname).replace(/^size\/w\d+\//, "");
  const original = relative
    .replace(/-\d+x\d+(\.[a-z0-9]+)$/i, "$1")
    .replace(/-scaled(\.[a-z0-9]+)$/i, "$1");
  return [...new Set([relative, original])];
}

type ImageSource =
  | { kind: "zip"; entry: string }
  | { kind: "url"; url: string }
  | { kind: "missing"; reason: string };

function imageSourceOf(address: string, context: ImportContext, state: PostsState): ImageSource {
  for (const candidate of zipCandidates(address)) {
    const entry = state.zipPaths.get(candidate);
    if (entry) return { kind: "zip", entry };
  }
  let url: URL | undefined;
  try {
    url = new URL(
      address.replace(/^__GHOST_URL__/, state.siteUrl || "__GHOST_URL__"),
      state.siteUrl || undefined,
    );
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === "http:" || url.protocol === "https:"))
    return { kind: "url", url: url.href };
  return {
    kind: "missing",
    reason: context.zip
      ? "not in the uploads zip, and the address is not a full web address"
      : "the address is not a full web address: add the uploads folder as a zip, or give the old site's address",
  };
}

function describeSource(source: ImageSource) {
  if (source.kind === "zip") return `From the uploads zip (${source.entry}).`;
  if (source.kind === "url")
    return `Fetched from ${new URL(source.url).host} when imported; listed as missing if it does not answer.`;
  return `${source.reason[0].toUpperCase()}${source.reason.slice(1)}.`;
}

/** An image's bytes from the zip or its address; a reason instead when they cannot be had. */
async function imageBytes(source: ImageSource, context: ImportContext) {
  if (source.kind === "missing") return { reason: source.reason };
  if (source.kind === "zip") {
    const entry = context.zip?.files.get(source.entry);
    if (!entry || !context.zip) return { reason: "not in the uploads zip any more" };
    const bytes = await readZipEntry(context.zip, entry, uploadLimits.image);
    return bytes ? { bytes } : { reason: "larger than the 10 MB an image may be" };
  }
  try {
    const answer = await safeFetch(source.url, {
      timeoutMs: 20_000,
      maxBytes: uploadLimits.image,
      allowedOrigins: context.env.PRIVATE_FETCH_ORIGINS ?? [],
      headers: { Accept: "image/*" },
    });
    if (answer.status !== 200) return { reason: `its address answered ${answer.status}` };
    return { bytes: answer.body };
  } catch (error) {
    if (error instanceof UnsafeAddressError || error instanceof FetchFailedError)
      return {
        reason:
          error instanceof FetchFailedError && error.reason === "too-large"
            ? "larger than the 10 MB an image may be"
            : error.message,
      };
    throw error;
  }
}

function planImage(
  image: { src: string; alt: string },
  post: SourcePost,
  context: ImportContext,
  state: PostsState,
): PlannedItem | undefined {
  if (state.plannedImages.has(image.src)) return undefined;
  state.plannedImages.add(image.src);
  const source = imageSourceOf(image.src, context, state);
  const label = path.posix.basename(image.src.split("?")[0]) || image.src;
  const key = { source: state.source, itemKind: "image", sourceKey: image.src };
  return {
    itemKind: "image",
    origin: post.origin,
    label,
    action: source.kind === "missing" ? "skip" : "create",
    reason: source.kind === "missing" ? `Missing: ${source.reason}.` : describeSource(source),
    run: async (): Promise<ItemResult> => {
      if (await findImported(context.db, key))
        return { outcome: "skipped", note: "Imported before." };
      const got = await imageBytes(source, context);
      if ("reason" in got) return { outcome: "missing", note: `Missing: ${got.reason}.` };
      try {
        const saved = await saveUpload({
          db: context.db,
          env: context.env,
          bytes: got.bytes,
          kind: "image",
          alt: shorten(image.alt || post.title || label, 300),
          originalName: label,
          actorId: context.actor.id,
        });
        await recordImported(context.db, { ...key, targetId: saved.id, targetUrl: saved.url });
        return { outcome: "created", note: describeSource(source), targetHref: saved.url };
      } catch (error) {
        if (error instanceof AppError)
          return { outcome: "missing", note: `Missing: ${error.message}` };
        throw error;
      }
    },
  };
}

/** The slug an imported post takes: its own when free, else with -2, -3… */
async function planSlug(post: SourcePost, context: ImportContext, state: PostsState) {
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

/** Replaces image addresses in Markdown with the media library's, where the image came in. */
async function withImportedImages(
  markdown: string,
  images: ConvertedHtml["images"],
  context: ImportContext,
  state: PostsState,
) {
  let result = markdown;
  for (const image of images) {
    const found = await findImported(context.db, {
      source: state.source,
      itemKind: "image",
      sourceKey: image.src,
    });
    if (found?.targetUrl) result = result.split(`](${image.src}`).join(`](${found.targetUrl}`);
  }
  return result;
}

/** Every row one post makes: its images, the post, its comments and its old addresses. */
export async function planPost(
  post: SourcePost,
  context: ImportContext,
  state: PostsState,
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
      items.push(...(await planRedirects(post, context, state, imported.targetId)));
    for (const comment of post.comments)
      items.push(await planComment(comment, post, context, state, Boolean(imported)));
    return items;
  }

  const images = [...converted.images];
  if (post.featuredImage && !images.some((image) => image.src === post.featuredImage?.url))
    images.unshift({ src: post.featuredImage.url, alt: post.featuredImage.alt });
  for (const image of images) {
    const planned = planImage(image, post, context, state);
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
    items.push(...(await planRedirects(post, context, state, undefined, slug)));
  return items;
}

async function planComment(
  comment: SourceComment,
  post: SourcePost,
  context: ImportContext,
  state: PostsState,
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

/** A 301 from each old address of a published post to its insight. */
async function planRedirects(
  post: SourcePost,
  context: ImportContext,
  state: PostsState,
  importedId?: string,
  plannedSlug?: string,
): Promise<PlannedItem[]> {
  const items: PlannedItem[] = [];
  const postKey = { source: state.source, itemKind: "post", sourceKey: post.key };
  let slug = plannedSlug;
  if (importedId) {
    const [row] = await context.db
      .select({ slug: insights.slug })
      .from(insights)
      .where(eq(insights.id, importedId));
    if (!row) return items;
    slug = row.slug;
  }
  if (!slug) return items;
  const target = `/insights/${slug}`;
  for (const oldPath of post.oldPaths) {
    const from = parseRedirectSource(oldPath);
    const base = {
      itemKind: "redirect",
      origin: post.origin,
      label: `${from ?? oldPath} → ${target}`,
    };
    if (!from) {
      items.push({ ...base, action: "skip", reason: "Not an address on the old site." });
      continue;
    }
    const pathOnly = from.split("?")[0];
    let reason = "";
    if (from === target) reason = "The old address is the new one.";
    else if (state.plannedRedirects.has(from))
      reason = "Another item of this file had this address.";
    else if (isProductPath(pathOnly)) reason = "The address belongs to Frontier's own tools.";
    else if (
      !from.includes("?") &&
      isCacheablePath(from) &&
      !/^\/(insights|case-studies)\/[^/]+$/.test(from)
    )
      reason = `Frontier has its own page at ${from}.`;
    else {
      const problem = await findRedirectProblem(context.db, { fromPath: from, toPath: target });
      if (problem)
        reason = problem.message.startsWith("This redirect already exists")
          ? "Already there."
          : problem.message;
    }
    state.plannedRedirects.add(from);
    if (reason) {
      items.push({ ...base, action: "skip", reason });
      continue;
    }
    items.push({
      ...base,
      action: "create",
      reason: "A 301 (moved for good).",
      run: async () => {
        const post = importedId
          ? { targetId: importedId }
          : await findImported(context.db, postKey);
        if (!post) return { outcome: "skipped", note: "Its post was not imported." };
        const [insight] = await context.db
          .select({ slug: insights.slug })
          .from(insights)
          .where(eq(insights.id, post.targetId));
        if (!insight) return { outcome: "skipped", note: "Its insight is gone." };
        const rows = await context.db
          .insert(redirects)
          .values({ fromPath: from, toPath: `/insights/${insight.slug}`, status: 301 })
          .onConflictDoNothing()
          .returning({ id: redirects.id });
        return rows.length
          ? {
              outcome: "created",
              note: `${from} → /insights/${insight.slug}`,
              targetHref: "/admin/seo",
            }
          : { outcome: "skipped", note: "Already there." };
      },
    });
  }
  return items;
}
