import { eq } from "drizzle-orm";
import { forgetLayoutData } from "#server/cache/layout-data.ts";
import { seedPublicContent } from "#server/content/seed-public-content.ts";
import type { Db } from "#server/db/client.ts";
import { settings } from "#server/db/schema/settings.ts";
import { seedBusiness } from "#server/db/seed/business.ts";
import { seedTime } from "#server/db/seed/time.ts";
import { log } from "#server/log.ts";
import { seedSitePages } from "#server/pages/site-pages.ts";
import { rebuildSearchIndex } from "#server/search/index-sync.ts";
import { HEADER_SETTINGS_ID } from "#server/settings/header.ts";
import { seedNavigation } from "#server/settings/navigation.ts";

export const SEED_MARKER_ID = "seed";

/**
 * Each area's demo content. Every step is idempotent: it inserts what is
 * missing and leaves what is there alone.
 */
const steps: Array<{ name: string; run: (db: Db) => Promise<void> }> = [
  {
    name: "header settings",
    async run(db) {
      await db
        .insert(settings)
        .values({ id: HEADER_SETTINGS_ID, value: { logoWidth: 120, footerLogoWidth: 120 } })
        .onConflictDoNothing();
    },
  },
  { name: "navigation", run: seedNavigation },
  { name: "public content", run: seedPublicContent },
  {
    name: "site pages",
    async run(db) {
      await seedSitePages(db);
    },
  },
  { name: "business demo data", run: seedBusiness },
  { name: "time demo data", run: (db) => seedTime(db) },
  {
    name: "search index",
    async run(db) {
      await rebuildSearchIndex(db);
    },
  },
];

export async function seedDatabase(db: Db) {
  for (const step of steps) {
    await step.run(db);
    log.debug(`seeded ${step.name}`);
  }
  // The header settings and menus this process keeps in memory are read again.
  forgetLayoutData();
  await db
    .insert(settings)
    .values({ id: SEED_MARKER_ID, value: { seededAt: new Date().toISOString() } })
    .onConflictDoUpdate({
      target: settings.id,
      set: { value: { seededAt: new Date().toISOString() }, updatedAt: new Date() },
    });
}

/** The first start on an empty database fills it with the demo content. */
export async function seedIfEmpty(db: Db) {
  const [marker] = await db
    .select({ id: settings.id })
    .from(settings)
    .where(eq(settings.id, SEED_MARKER_ID));
  if (marker) return false;
  log.info("empty database: adding the demo content");
  await seedDatabase(db);
  return true;
}
