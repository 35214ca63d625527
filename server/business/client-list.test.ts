import { expect, it } from "vitest";
import { createProject, findProjects } from "#server/projects/projects.ts";
import { makeClient, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import type { ListQuery } from "./list-query";

// The shared page query behind the projects, proposals and invoices lists, seen through
// the projects list.
describeEachDatabase("lists of client-owned rows", (get) => {
  it("searches the row and its client, narrows to a client, sorts and pages without overlap", async () => {
    const { db } = get();
    const tag = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const acme = await makeClient(db, { company: `Acme ${tag}` });
    const globex = await makeClient(db, { company: `Globex ${tag}` });
    const project = (clientId: string, name: string) =>
      createProject({
        db,
        actor: staff,
        input: {
          name,
          clientId,
          proposalId: null,
          status: "active",
          startDate: null,
          dueDate: null,
          budgetAmount: 0,
          currency: "USD",
          teamMembers: [],
          milestones: [],
        },
      });
    await project(acme.id, `Portal ${tag} a`);
    await project(acme.id, `Portal ${tag} b`);
    await project(globex.id, `App ${tag}`);
    await project(globex.id, `Growth 100% ${tag}`);
    const query = (overrides: Partial<ListQuery<"name" | "company">>) => ({
      q: tag,
      page: 1,
      pageSize: 25,
      sort: "name" as const,
      dir: "asc" as const,
      ...overrides,
    });
    const names = async (overrides: Partial<ListQuery<"name" | "company">>, clientId?: string) =>
      (await findProjects({ db, query: query(overrides), clientId })).rows.map((row) => row.name);

    expect(await names({})).toEqual([
      `App ${tag}`,
      `Growth 100% ${tag}`,
      `Portal ${tag} a`,
      `Portal ${tag} b`,
    ]);
    // The client's company is searched too, and a % typed by staff is a plain character.
    expect(await names({ q: `acme ${tag}` })).toEqual([`Portal ${tag} a`, `Portal ${tag} b`]);
    expect(await names({ q: `0% ${tag}` })).toEqual([`Growth 100% ${tag}`]);
    expect(await names({ q: `% ${tag}` })).toEqual([`Growth 100% ${tag}`]);
    expect(await names({}, globex.id)).toEqual([`App ${tag}`, `Growth 100% ${tag}`]);

    const first = await findProjects({
      db,
      query: query({ pageSize: 10, sort: "company", dir: "desc" }),
    });
    expect(first.total).toBe(4);
    expect(first.rows.map((row) => row.company)).toEqual([
      `Globex ${tag}`,
      `Globex ${tag}`,
      `Acme ${tag}`,
      `Acme ${tag}`,
    ]);
    const pages = await Promise.all(
      [1, 2].map((page) => findProjects({ db, query: { ...query({ page }), pageSize: 2 } })),
    );
    expect(pages.map((page) => page.total)).toEqual([4, 4]);
    expect(pages.flatMap((page) => page.rows.map((row) => row.name))).toEqual(await names({}));
  });
});
