import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";

export type TestDatabaseKind = "pglite" | "postgres";

/** The databases integration suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/**
 * A fresh, migrated database: PGlite in memory, or a schema of its own in the
 * TEST_DATABASE_URL PostgreSQL (dropped again by `close`), so suites run in parallel.
 */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  if (kind === "pglite") return openDatabase({});
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const database = await openDatabase({ databaseUrl: url, schema });
  return {
    ...database,
    async close() {
      await database.close();
      await dropSchema(url, schema);
    },
  };
}

export async function dropSchema(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/**
 * Runs a suite once per test database kind. `get()` inside the tests gives
 * the database of the running kind.
 */
export function describeEachDatabase(
  name: string,
  suite: (get: () => Database, kind: TestDatabaseKind) => void,
) {
  for (const kind of testDatabaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let database: Database;
      beforeAll(async () => {
        database = await createTestDatabase(kind);
      }, 60_000);
      afterAll(async () => {
        await database?.close();
      });
      suite(() => database, kind);
    });
  }
}
