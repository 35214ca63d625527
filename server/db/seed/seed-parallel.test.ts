import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, oneInstanceAtATime, openDatabase } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { settings } from "#server/db/schema/settings.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { SEED_MARKER_ID, seedIfEmpty } from "./seed";

// Two instances started at once on one new PostgreSQL database, as a deploy of two does.
describe.runIf(process.env.TEST_DATABASE_URL)(
  "the demo content with two instances starting",
  () => {
    let temp: Awaited<ReturnType<typeof createTempPostgresDatabase>>;
    let instances: Database[] = [];

    beforeAll(async () => {
      temp = await createTempPostgresDatabase();
      instances = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: temp.url })));
    });

    afterAll(async () => {
      await Promise.all(instances.map((database) => database.close()));
      await temp?.drop();
    });

    it("is added once: the second waits for the first, then finds it there", async () => {
      const seeded = await Promise.all(
        instances.map((database) => oneInstanceAtATime(database, () => seedIfEmpty(database.db))),
      );
      expect(seeded.sort()).toEqual([false, true]);
      const { db } = instances[0];
      expect(await db.select().from(settings).where(eq(settings.id, SEED_MARKER_ID))).toHaveLength(
        1,
      );
      const [{ n }] = await db.select({ n: count() }).from(authUsers);
      expect(n).toBeGreaterThan(0);
    });
  },
);
