import { eq } from "drizzle-orm";
import { z } from "zod";
import { forgetLayoutData, rememberLayoutData } from "#server/cache/layout-data.ts";
import type { Db } from "#server/db/client.ts";
import { settings } from "#server/db/schema/settings.ts";
import { log } from "#server/log.ts";

const optionalUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === "" || /^(https?:\/\/|\/)/.test(value), {
    message: "Enter a web address starting with https:// or /",
  })
  .transform((value) => value || undefined)
  .optional();

const width = z.coerce
  .number({ error: "Enter a width in pixels" })
  .int("Enter a whole number of pixels")
  .min(16, "The width must be at least 16 px")
  .max(600, "The width must be at most 600 px");

export const headerSettingsSchema = z.object({
  logoUrl: optionalUrl,
  logoPngUrl: optionalUrl,
  logoWidth: width.default(120),
  footerLogoUrl: optionalUrl,
  footerLogoWidth: width.default(120),
  faviconUrl: optionalUrl,
});

export type HeaderSettings = z.infer<typeof headerSettingsSchema>;

export const defaultHeaderSettings: HeaderSettings = headerSettingsSchema.parse({});

export const HEADER_SETTINGS_ID = "header";

/**
 * The header settings document. A missing document or a failed read gives the
 * defaults (the built-in logo and favicon): a page never breaks over it.
 */
export async function getHeaderSettings(db: Db): Promise<HeaderSettings> {
  try {
    return await rememberLayoutData(db, HEADER_SETTINGS_ID, () => readHeaderSettings(db));
  } catch (error) {
    log.error("could not read header settings; using defaults", error);
    return defaultHeaderSettings;
  }
}

/** Read once and kept in memory until settings or content change (server/cache/layout-data.ts). */
async function readHeaderSettings(db: Db): Promise<HeaderSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.id, HEADER_SETTINGS_ID));
  if (!row) return defaultHeaderSettings;
  const parsed = headerSettingsSchema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  log.warn("header settings document is malformed; using defaults", parsed.error.issues);
  return defaultHeaderSettings;
}

export async function saveHeaderSettings(db: Db, input: unknown): Promise<HeaderSettings> {
  const value = headerSettingsSchema.parse(input);
  await db
    .insert(settings)
    .values({ id: HEADER_SETTINGS_ID, value })
    .onConflictDoUpdate({ target: settings.id, set: { value, updatedAt: new Date() } });
  forgetLayoutData();
  return value;
}

/** The logo the header shows: the PNG fallback is preferred over the main URL. */
export function headerLogo(value: HeaderSettings) {
  return value.logoPngUrl ?? value.logoUrl;
}
