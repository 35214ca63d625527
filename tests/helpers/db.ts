import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type Database, type Db, openDatabase } from "#server/db/client.ts";
import { createTempPostgresDatabase } from "./pg";

export type TestDatabaseKind = "pglite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated embedded database, dumped once for the run (tests/helpers/db-template.ts). */
    migratedDatabase: string;
    /** A migrated PostgreSQL database to copy, when TEST_DATABASE_URL is set; else "". */
    migratedPostgres: string;
  }
}

let migratedDump: Blob | undefined;

/** The run's migrated dump, read once per test file; none when the run made none. */
function migratedDatabase() {
  const file = inject("migratedDatabase");
  if (file) migratedDump ??= new Blob([readFileSync(file)]);
  return migratedDump;
}

/** The databases integration suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/**
 * A fresh, migrated database: PGlite in memory, or a database of its own on the
 * TEST_DATABASE_URL PostgreSQL server (dropped again by `close`), so suites run in parallel.
 */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  // The migrations still run: on the dump or the copy they find nothing to do.
  if (kind === "pglite") return openDatabase({ from: migratedDatabase() });
  const temp = await createTempPostgresDatabase({
    template: inject("migratedPostgres") || undefined,
  });
  const database = await openDatabase({ databaseUrl: temp.url });
  return {
    ...database,
    async close() {
      await database.close();
      await temp.drop();
    },
  };
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

/** The planner's plan for a query, as EXPLAIN prints it. */
export async function explain(db: Db, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const client = (
    db as unknown as {
      $client: { query(text: string, params: unknown[]): Promise<{ rows: object[] }> };
    }
  ).$client;
  const { rows } = await client.query(`explain ${text}`, params);
  return rows.map((row) => Object.values(row)[0]).join("\n");
}
