import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTempPostgresDatabase } from "../helpers/pg";
import { startServer } from "../helpers/server";

describe("the page cache across instances", () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "drops a changed page on every instance at once through NOTIFY",
    async () => {
      const database = await createTempPostgresDatabase();
      const env = { DATABASE_URL: database.url, PUBLIC_URL: "https://frontier.example" };
      const first = await startServer({ env, timeoutMs: 110_000 });
      const second = await startServer({ env, timeoutMs: 110_000 });
      const client = new pg.Client({ connectionString: database.url });
      try {
        await client.connect();
        const path = "/insights/boring-architecture";
        for (const server of [first, second]) {
          await fetch(`${server.url}${path}`);
          const cached = await fetch(`${server.url}${path}`);
          expect(cached.headers.get("x-page-cache")).toBe("hit");
          expect(await cached.text()).toContain("Boring architecture is a feature");
        }

        // A content write elsewhere: change the row, then what invalidatePublicPages sends.
        await client.query(
          "update insights set title = 'Boring architecture, revisited', updated_at = now() where slug = 'boring-architecture'",
        );
        await client.query("select pg_notify('frontier_public_pages', 'test edit')");

        for (const server of [first, second]) {
          await expect
            .poll(async () => (await fetch(`${server.url}${path}`)).text(), { timeout: 5000 })
            .toContain("Boring architecture, revisited");
        }
      } finally {
        await client.end();
        await Promise.all([first.stop(), second.stop()]);
        await database.drop();
      }
    },
    300_000,
  );
});
