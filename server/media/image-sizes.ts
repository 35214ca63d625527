import { and, eq, like, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { media } from "#server/db/schema/media.ts";
import { log } from "#server/log.ts";
import { uploadedImageOf } from "#shared/images.ts";

const uploadUrl = /\/uploads\/images\/[0-9a-f]{32}-\d+\.(?:webp|avif)/g;

/**
 * The original sizes of the uploaded images these Markdown texts use, by the
 * image's name without size and format (what renderMarkdown's `imageSizes` takes).
 * A failed read only costs the width and height attributes, never the page.
 */
export async function findImageSizes({ db, texts }: { db: Db; texts: string[] }) {
  const sizes = new Map<string, { width: number; height: number }>();
  const bases = [
    ...new Set(
      texts.flatMap((text) =>
        [...(text ?? "").matchAll(uploadUrl)].map((match) => uploadedImageOf(match[0])?.base),
      ),
    ),
  ]
    .filter((base): base is string => Boolean(base))
    .slice(0, 100);
  if (!bases.length) return sizes;
  try {
    const rows = await db
      .select({ url: media.url, width: media.width, height: media.height })
      .from(media)
      .where(
        and(eq(media.kind, "image"), or(...bases.map((base) => like(media.url, `${base}-%`)))),
      );
    for (const row of rows) {
      const base = uploadedImageOf(row.url)?.base;
      if (base && row.width && row.height)
        sizes.set(base, { width: row.width, height: row.height });
    }
  } catch (error) {
    log.warn("could not read the sizes of uploaded images", error);
  }
  return sizes;
}
