import { createWriteStream, readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createStaffUser } from "#server/auth/users.ts";
import type { Database } from "#server/db/client.ts";
import { apiTokens } from "#server/db/schema/api.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { insights } from "#server/db/schema/content.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { pages } from "#server/db/schema/pages.ts";
import { webhookEndpoints } from "#server/db/schema/webhooks.ts";
import { seedDatabase } from "#server/db/seed/seed.ts";
import { AppError } from "#server/errors.ts";
import { openSafeZip, readZipEntry } from "#server/imports/zip-reader.ts";
import { saveUpload } from "#server/media/media.ts";
import { getStorage } from "#server/storage/storage.ts";
import { createTestDatabase, describeEachDatabase } from "#tests/helpers/db.ts";
import { importEnv, png, tempFile } from "#tests/helpers/imports.ts";
import { exportedTables, writeExportArchive } from "./archive";
import { archiveZipLimits, loadExportArchive } from "./load-archive";

const quote = (name: string) => `"${name}"`;

async function countsOf(database: Database, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await database.db.execute(
      sql.raw(`select count(*)::int as n from ${quote(table)}`),
    );
    counts[table] = Number((result.rows[0] as { n: number }).n);
  }
  return counts;
}

async function streamBytes(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describeEachDatabase("export and load", (get, kind) => {
  it("loads every record and file into an empty instance, and nothing secret travels", async () => {
    const source = get();
    const sourceEnv = importEnv();
    await seedDatabase(source.db);
    const admin = await createStaffUser(
      { db: source.db },
      { email: "owner@frontier.test", password: "a-long-password-1", role: "admin" },
    );
    const picture = await png(900, 600, "#00aa55");
    const saved = await saveUpload({
      db: source.db,
      env: sourceEnv,
      bytes: picture,
      kind: "image",
      alt: "Green",
    });
    await source.db.insert(webhookEndpoints).values({
      url: "https://hooks.example/frontier",
      events: ["lead.created"],
      secret: "whsec_THIS-MUST-NOT-TRAVEL",
    });
    await source.db.insert(apiTokens).values({
      name: "CI",
      scopes: ["content:read"],
      tokenHash: "f".repeat(64),
      prefix: "frt_abcd",
    });
    const tables = await exportedTables(source.db);
    const before = await countsOf(source, tables);
    expect(before.insights).toBeGreaterThan(0);
    expect(before.invoices).toBeGreaterThan(0);
    expect(before.pages).toBeGreaterThan(0);

    const file = tempFile("export.zip", "");
    const manifest = await writeExportArchive({
      db: source.db,
      env: sourceEnv,
      output: createWriteStream(file),
    });
    expect(manifest.tables).toEqual(before);
    expect(manifest.files).toBe(saved.variants.length);

    // Nothing secret is in the archive: no password hash, token hash or webhook secret.
    const zip = await openSafeZip(file, archiveZipLimits);
    const texts: string[] = [];
    const names = [...zip.files.keys()];
    for (const [name, entry] of zip.files)
      if (name.startsWith("data/"))
        texts.push((await readZipEntry(zip, entry, 50 * 1024 * 1024))?.toString("utf8") ?? "");
    zip.close();
    const everything = texts.join("\n");
    expect(everything).not.toContain("THIS-MUST-NOT-TRAVEL");
    expect(everything).not.toContain("f".repeat(64));
    expect(everything).not.toMatch(/"password"\s*:|"secret"\s*:|"token_hash"\s*:/);
    for (const table of [
      "auth_accounts",
      "auth_sessions",
      "auth_two_factors",
      "api_tokens",
      "portal_sessions",
    ])
      expect(names).not.toContain(`data/${table}.json`);
    expect(everything).toContain("owner@frontier.test");

    const target = await createTestDatabase(kind);
    try {
      const targetEnv = importEnv();
      const outcome = await loadExportArchive({ db: target.db, env: targetEnv, file });
      expect(outcome.files).toBe(saved.variants.length);
      const after = await countsOf(target, tables);
      expect(after).toEqual(before);

      // A sample of records, field by field.
      const sample = async (database: Database) => ({
        insights: await database.db.select().from(insights).orderBy(asc(insights.slug)).limit(3),
        invoices: await database.db.select().from(invoices).orderBy(asc(invoices.number)).limit(3),
        pages: await database.db.select().from(pages).orderBy(asc(pages.path)),
      });
      expect(await sample(target)).toEqual(await sample(source));
      // The rollups the database keeps travel as their sources: counted again on load, the same.
      const rollups = async (database: Database) => ({
        payments: (
          await database.db.execute(
            sql`select month::text, currency, amount::text, payments from payment_months order by 1, 2`,
          )
        ).rows,
        tags: (
          await database.db.execute(sql`select tag, subscribers from subscriber_tags order by tag`)
        ).rows,
      });
      const sourceRollups = await rollups(source);
      expect(sourceRollups.payments.length).toBeGreaterThan(0);
      expect(await rollups(target)).toEqual(sourceRollups);
      const [owner] = await target.db.select().from(authUsers).where(eq(authUsers.id, admin.id));
      expect(owner).toMatchObject({
        email: "owner@frontier.test",
        role: "admin",
        twoFactorEnabled: false,
      });
      const [endpoint] = await target.db.select().from(webhookEndpoints);
      expect(endpoint.isEnabled).toBe(false);
      expect(endpoint.secret).toMatch(/^whsec_/);
      expect(endpoint.secret).not.toContain("THIS-MUST-NOT-TRAVEL");
      // Every file, byte for byte.
      for (const variant of saved.variants) {
        const copied = await getStorage(targetEnv).get(variant.key);
        const original = await getStorage(sourceEnv).get(variant.key);
        if (!copied || !original) throw new Error(`${variant.key} missing`);
        expect((await streamBytes(copied.body)).equals(await streamBytes(original.body))).toBe(
          true,
        );
      }
      expect(readFileSync(file).length).toBeGreaterThan(0);

      // A second load, or a load into an instance with data, is refused.
      const refusal = await loadExportArchive({ db: target.db, env: targetEnv, file }).catch(
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).message).toMatch(/not empty/);
    } finally {
      await target.close();
    }
  }, 180_000);
});
