import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { comments, insights } from "#server/db/schema/content.ts";
import { media } from "#server/db/schema/media.ts";
import { redirects } from "#server/db/schema/seo.ts";
import { loadRedirectTable } from "#server/seo/redirects.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { fixture, importEnv, importFile, startOldSite, tempFile } from "#tests/helpers/imports.ts";

let site: Awaited<ReturnType<typeof startOldSite>>;
beforeAll(async () => {
  site = await startOldSite();
});
afterAll(async () => {
  await site?.close();
});

describeEachDatabase("WordPress import", (get) => {
  it("previews, imports posts, comments, images and redirects, and imports nothing twice", async () => {
    const database = get();
    const env = importEnv({ PRIVATE_FETCH_ORIGINS: site.origin });
    const file = tempFile("export.xml", fixture("wordpress.xml", site.origin));
    const first = await importFile({ database, env, kind: "wordpress", file });
    console.log(
      first.preview.items
        .map((i) => `${i.position} ${i.itemKind} ${i.action} ${i.label} | ${i.reason}`)
        .join("\n"),
    );
    console.log(
      first.items
        .map((i) => `${i.position} ${i.itemKind} ${i.outcome} ${i.label} | ${i.outcomeNote}`)
        .join("\n"),
    );
    console.log(first.run);
    const rows = await database.db.select().from(insights).where(eq(insights.slug, "moving-fast"));
    console.log(rows[0]?.body, rows[0]?.publishedAt, rows[0]?.tags, rows[0]?.coverImage);
    console.log(await database.db.select().from(comments));
    console.log(await database.db.select().from(redirects));
    console.log((await database.db.select().from(media)).length);
    console.log(await loadRedirectTable(database.db));
    const second = await importFile({ database, env, kind: "wordpress", file });
    console.log(
      second.items
        .map(
          (i) =>
            `${i.position} ${i.itemKind} ${i.action} ${i.outcome} ${i.label} | ${i.reason} | ${i.outcomeNote}`,
        )
        .join("\n"),
    );
    expect(true).toBe(true);
  }, 60_000);
});
