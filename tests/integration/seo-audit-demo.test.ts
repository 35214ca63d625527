import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { seedDatabase } from "#server/db/seed/seed.ts";
import { parseEnv } from "#server/env.ts";
import { type AuditedPage, auditPublicPages } from "#server/seo/audit.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

// A fresh install: the demo content, rendered by the real app (Vite's server rendering, as
// `npm run dev`), audited like a crawler would. Staff have changed nothing yet, so every
// problem found would be the product's own (its templates or its demo content).

describeEachDatabase("the SEO audit of a fresh install", (get) => {
  let server: Server;
  let close: () => Promise<void>;
  let report: AuditedPage[];

  beforeAll(async () => {
    await seedDatabase(get().db);
    const env = parseEnv({
      DATA_DIR: tmpdir(),
      AUTH_SECRET: "seo-audit-secret-seo-audit-secret-1234",
      PUBLIC_URL: "http://frontier.test",
      NODE_ENV: "test",
    });
    const app = await createApp({ env, database: get(), dev: true });
    close = app.close;
    server = createServer(app.handle);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    report = await auditPublicPages({
      db: get().db,
      fetchPage: async (path) => {
        const response = await fetch(new URL(path, base), { redirect: "manual" });
        return { status: response.status, body: await response.text() };
      },
    });
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await close?.();
  });

  it("finds no problem on any page", () => {
    expect(report.length).toBeGreaterThan(20);
    const problems = report.flatMap((page) =>
      page.problems.map((problem) => `${page.path}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
