import { count } from "drizzle-orm";
import { expect, it } from "vitest";
import { clients } from "#server/db/schema/clients.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { projects } from "#server/db/schema/projects.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { seedBusiness } from "./business";

describeEachDatabase("business demo data", (get) => {
  it("adds clients, proposals, projects and invoices once, however often it runs", async () => {
    const { db } = get();
    const counts = async () => ({
      clients: (await db.select({ n: count() }).from(clients))[0].n,
      proposals: (await db.select({ n: count() }).from(proposals))[0].n,
      projects: (await db.select({ n: count() }).from(projects))[0].n,
      invoices: (await db.select({ n: count() }).from(invoices))[0].n,
    });
    await seedBusiness(db);
    const first = await counts();
    expect(first).toEqual({ clients: 3, proposals: 3, projects: 2, invoices: 3 });
    await seedBusiness(db);
    expect(await counts()).toEqual(first);
  });
});
