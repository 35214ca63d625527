import { asc, eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import { z } from "zod";
import { recordAudit } from "#server/audit/audit.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import { PUBLIC_PAGES_CHANNEL } from "#server/cache/page-cache.ts";
import { captureResponse } from "#server/capture-response.ts";
import type { Actor } from "#server/content-admin/revisions.ts";
import type { Database, Db } from "#server/db/client.ts";
import { seoOverrides } from "#server/db/schema/seo.ts";
import { settings } from "#server/db/schema/settings.ts";
import { AppError, invalid } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { setMediaUsage } from "#server/media/media.ts";
import { normalizePath } from "./redirects";

export type SeoOverride = typeof seoOverrides.$inferSelect;

const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters.`)
    .optional()
    .transform((value) => value || null);

export const seoOverrideSchema = z.object({
  path: z
    .string()
    .trim()
    .min(1, "Enter the page's path, e.g. /about-us.")
    .max(500)
    .transform(normalizePath)
    .refine(
      (value) => /^\/[^\s?#]*$/.test(value),
      "Enter a path starting with / (no query string).",
    )
    .refine(
      (value) => !/^\/(admin|api|uploads|assets)(\/|$)/.test(value),
      "Only public pages take SEO overrides.",
    ),
  title: optional(120, "title"),
  description: optional(320, "description"),
  socialImage: z
    .string()
    .trim()
    .max(2048)
    .refine(
      (value) => value === "" || /^(https:\/\/|\/)/.test(value),
      "Enter an address starting with https:// or /.",
    )
    .optional()
    .transform((value) => value || null),
  isNoindex: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export async function findSeoOverrides(db: Db) {
  return db.select().from(seoOverrides).orderBy(asc(seoOverrides.path));
}

export async function saveSeoOverride({
  database,
  input,
  actor,
  address,
}: {
  database: Pick<Database, "db" | "notify">;
  input: unknown;
  actor: Actor;
  address?: string;
}) {
  const parsed = seoOverrideSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const value = parsed.data;
  if (!value.title && !value.description && !value.socialImage && !value.isNoindex)
    throw new AppError(
      "INVALID",
      "Set at least one of title, description, social image or noindex.",
    );
  await database.db.transaction(async (tx) => {
    await tx
      .insert(seoOverrides)
      .values({ ...value, updatedAt: new Date() })
      .onConflictDoUpdate({ target: seoOverrides.path, set: { ...value, updatedAt: new Date() } });
    await setMediaUsage(tx, {
      usedBy: `seo:${value.path}`,
      label: `SEO override of ${value.path}`,
      urls: [value.socialImage],
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "update",
      area: "seo",
      recordId: value.path,
      detail: value,
      address,
    });
  });
  await afterContentChange(database, "seo overrides changed");
  return value;
}

export async function deleteSeoOverride({
  database,
  path,
  actor,
  address,
}: {
  database: Pick<Database, "db" | "notify">;
  path: string;
  actor: Actor;
  address?: string;
}) {
  await database.db.transaction(async (tx) => {
    const rows = await tx.delete(seoOverrides).where(eq(seoOverrides.path, path)).returning();
    if (!rows.length) throw new AppError("NOT_FOUND", "That override was already removed.");
    await setMediaUsage(tx, { usedBy: `seo:${path}`, label: "", urls: [] });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "delete",
      area: "seo",
      recordId: path,
      address,
    });
  });
  await afterContentChange(database, "seo overrides changed");
}

function escapeAttribute(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

// Staff text goes in through function replacers: in a replacement string, `$'`, `$&` and
// `` $` `` would paste parts of the page instead of the text itself.
function setMeta(html: string, attribute: "name" | "property", key: string, content: string) {
  const pattern = new RegExp(`<meta ${attribute}="${key}" content="[^"]*"\\s*/?>`, "g");
  const tag = `<meta ${attribute}="${key}" content="${escapeAttribute(content)}"/>`;
  return pattern.test(html)
    ? html.replace(pattern, () => tag)
    : html.replace("</head>", () => `${tag}</head>`);
}

/** The server-rendered page with the staff's title, description, social image and noindex in its head. */
export function applySeoOverride(
  html: string,
  override: Omit<SeoOverride, "updatedAt" | "path">,
  publicUrl: string,
) {
  let result = html;
  if (override.title) {
    const title = `<title>${escapeAttribute(override.title)}</title>`;
    result = result.replace(/<title>[\s\S]*?<\/title>/, () => title);
    result = setMeta(result, "property", "og:title", override.title);
    result = setMeta(result, "name", "twitter:title", override.title);
  }
  if (override.description) {
    result = setMeta(result, "name", "description", override.description);
    result = setMeta(result, "property", "og:description", override.description);
    result = setMeta(result, "name", "twitter:description", override.description);
  }
  if (override.socialImage) {
    const image = override.socialImage.startsWith("/")
      ? `${publicUrl}${override.socialImage}`
      : override.socialImage;
    result = setMeta(result, "property", "og:image", image);
    result = setMeta(result, "name", "twitter:image", image);
  }
  if (override.isNoindex) result = setMeta(result, "name", "robots", "noindex, nofollow");
  return result;
}

/**
 * Applies SEO overrides to server-rendered public pages (what search engines
 * and link previews read). The overrides live in memory, reloaded whenever
 * content changes on any instance.
 */
export async function seoOverrideMiddleware(
  database: Pick<Database, "db" | "listen">,
  publicUrl: string,
): Promise<RequestHandler> {
  let table = new Map<string, SeoOverride>();
  const reload = async () => {
    try {
      table = new Map((await findSeoOverrides(database.db)).map((row) => [row.path, row]));
    } catch (error) {
      log.warn("could not load the SEO overrides", error);
    }
  };
  await reload();
  await database.listen(PUBLIC_PAGES_CHANNEL, () => void reload());
  return (request, response, next) => {
    if (request.method !== "GET") return next();
    const override = table.get(normalizePath(request.path));
    if (!override) return next();
    captureResponse(response, (body) => {
      if (!String(response.getHeader("Content-Type") ?? "").startsWith("text/html")) return body;
      try {
        const rewritten = applySeoOverride(body.toString("utf8"), override, publicUrl);
        response.removeHeader("Content-Length");
        return Buffer.from(rewritten, "utf8");
      } catch (error) {
        log.error(`could not apply the SEO override of ${override.path}`, error);
        return body;
      }
    });
    next();
  };
}

const ROBOTS_SETTINGS_ID = "robots";

/** Staff's extra robots.txt lines (appended to the product's own). */
export async function getRobotsAdditions(db: Db) {
  try {
    const [row] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.id, ROBOTS_SETTINGS_ID));
    const additions = row?.value?.additions;
    return typeof additions === "string" ? additions : "";
  } catch (error) {
    log.warn("could not read the robots.txt additions", error);
    return "";
  }
}

const robotsLine = /^(user-agent|allow|disallow|sitemap|crawl-delay|host|#.*)\s*(:.*)?$/i;

export async function saveRobotsAdditions({
  database,
  additions,
  actor,
  address,
}: {
  database: Pick<Database, "db" | "notify">;
  additions: string;
  actor: Actor;
  address?: string;
}) {
  const text = additions.replace(/\r\n/g, "\n").trim();
  if (text.length > 5000)
    throw new AppError("INVALID", "Keep the robots.txt additions under 5000 characters.");
  const bad = text
    .split("\n")
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== "" && !robotsLine.test(line));
  if (bad.length)
    throw new AppError(
      "INVALID",
      `Line ${bad[0].number} is not a robots.txt rule: use User-agent, Allow, Disallow, Sitemap or Crawl-delay followed by a colon.`,
      {
        fieldErrors: {
          additions: bad.map(({ number }) => `Line ${number} is not a robots.txt rule.`),
        },
      },
    );
  await database.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ id: ROBOTS_SETTINGS_ID, value: { additions: text } })
      .onConflictDoUpdate({
        target: settings.id,
        set: { value: { additions: text }, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "update",
      area: "seo",
      recordId: "robots.txt",
      address,
    });
  });
  await afterContentChange(database, "robots.txt changed");
  return text;
}
