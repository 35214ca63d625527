import { expect, it } from "vitest";
import { createPage, publishPage, unpublishPage } from "#server/pages/pages.ts";
import { TRAIL_FIELD } from "#shared/analytics.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { publicPagePath } from "./public-paths";
import { keepStoredPagePaths } from "./stored-page-paths";
import { readTouchpoints } from "./touchpoints";

const actor = { id: "admin-1", name: "Ada Admin" };

describeEachDatabase("landing pages counted by analytics", (get) => {
  it("accepts a live landing page's path from memory, in step with publishing", async () => {
    const database = get();
    const stop = await keepStoredPagePaths(database);
    try {
      const page = await createPage({
        database,
        actor,
        input: {
          path: "/autumn-offer",
          title: "Autumn offer",
          blocks: [{ type: "hero", title: "An autumn offer" }],
        },
      });
      expect(publicPagePath("/autumn-offer")).toBeUndefined();

      await publishPage({ database, actor, id: page.id });
      // The change notification reaches the listener and the set is read again.
      await expect.poll(() => publicPagePath("/autumn-offer/")).toBe("/autumn-offer");

      // The trail a contact form brings keeps the landing page, with its campaign.
      const form = new FormData();
      form.set(
        TRAIL_FIELD,
        JSON.stringify([
          { p: "/autumn-offer", t: Date.now() - 60_000, s: "newsletter", m: "email", c: "autumn" },
          { p: "/no-such-page", t: Date.now() - 30_000 },
          { p: "/contact", t: Date.now() },
        ]),
      );
      const trail = readTouchpoints({ form, headers: new Headers() });
      expect(trail.map((touch) => touch.path)).toEqual(["/autumn-offer", "/contact"]);
      expect(trail[0]).toMatchObject({ utmSource: "newsletter" });

      await unpublishPage({ database, actor, id: page.id });
      await expect.poll(() => publicPagePath("/autumn-offer")).toBeUndefined();
      // The site's own pages never depend on the set.
      expect(publicPagePath("/pricing")).toBe("/pricing");
    } finally {
      await stop();
    }
  });
});
