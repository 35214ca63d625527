import { recordAudit } from "#server/audit/audit.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import type { Database, Db } from "#server/db/client.ts";
import { invalid } from "#server/errors.ts";
import { setMediaUsage } from "#server/media/media.ts";
import { type HeaderSettings, headerSettingsSchema, saveHeaderSettings } from "./header";

/** The channel every instance hears when a settings document changes (payload: its id). */
export const SETTINGS_CHANNEL = "settings_changed";

/**
 * Saves the header settings document, records which uploads it uses and who
 * changed it, then tells every instance (and through them every open public
 * page) that the settings changed.
 */
export async function updateHeaderSettings(options: {
  database: Database;
  input: unknown;
  actorId: string;
  address?: string;
}): Promise<HeaderSettings> {
  const { database } = options;
  const parsed = headerSettingsSchema.safeParse(options.input);
  if (!parsed.success) throw invalid(parsed.error);
  const value = await database.db.transaction(async (tx) => {
    const saved = await saveHeaderSettings(tx as unknown as Db, parsed.data);
    await setMediaUsage(tx, {
      usedBy: "settings:header",
      label: "Header/Footer settings",
      urls: [saved.logoUrl, saved.logoPngUrl, saved.footerLogoUrl, saved.faviconUrl],
    });
    await recordAudit(tx, {
      actorId: options.actorId,
      action: "update",
      area: "header",
      recordId: "header",
      detail: { ...saved },
      address: options.address,
    });
    return saved;
  });
  await afterContentChange(database, "header settings");
  await database.notify(SETTINGS_CHANNEL, "header");
  return value;
}
