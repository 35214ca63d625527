import { gunzipSync } from "node:zlib";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { rawGet } from "#tests/helpers/http.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { startServer } from "#tests/helpers/server.ts";

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

describe("compressed answers of the running product", () => {
  it("sends pages from the cache and the build's scripts and styles gzip-compressed, intact", async () => {
    const server = await startServer();
    try {
      await fetch(`${server.url}/faq`);
      const gzipped = await rawGet(`${server.url}/faq`, { "Accept-Encoding": "gzip" });
      expect(gzipped.headers["x-page-cache"]).toBe("hit");
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      const page = gunzipSync(gzipped.body).toString();
      const nonce = /'nonce-([^']+)'/.exec(String(gzipped.headers["content-security-policy"]))?.[1];
      expect(page).toContain("</html>");
      expect(page).toContain(`nonce="${nonce}"`);

      const assets = [...page.matchAll(/href="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
      expect(assets.length).toBeGreaterThan(2);
      for (const asset of assets) {
        const plain = await rawGet(`${server.url}${asset}`);
        const compressed = await rawGet(`${server.url}${asset}`, { "Accept-Encoding": "gzip, br" });
        expect(plain.headers["content-encoding"], asset).toBeUndefined();
        expect(compressed.headers["content-type"], asset).toBe(plain.headers["content-type"]);
        expect(compressed.headers["cache-control"], asset).toContain("immutable");
        if (plain.body.length >= 1024) {
          expect(compressed.headers["content-encoding"], asset).toBe("gzip");
          expect(gunzipSync(compressed.body).equals(plain.body), asset).toBe(true);
        }
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});
