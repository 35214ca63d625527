import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new PostgreSQL database on the TEST_DATABASE_URL server, for tests that start whole app
 * instances on PostgreSQL: empty, or a copy of `template` (a database nobody is connected to).
 * `drop()` removes it again.
 */
export async function createTempPostgresDatabase({ template }: { template?: string } = {}) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `frontier_e2e_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
