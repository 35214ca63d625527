import { expect, it } from "vitest";
import { makeClient, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { createProject, findProjects, getProject, updateProject } from "./projects";

describeEachDatabase("projects", (get) => {
  const base = (clientId: string) => ({
    name: "Mobile app",
    clientId,
    proposalId: null,
    status: "active" as const,
    startDate: "2026-01-05",
    dueDate: "2026-06-30",
    budgetAmount: 2_500_000,
    currency: "USD",
    teamMembers: [{ name: "Lin", role: "Lead engineer" }],
    milestones: [
      { title: "Design sign-off", dueDate: "2026-02-01", isDone: true },
      { title: "Beta", dueDate: "2026-04-01", isDone: false },
    ],
  });

  it("keeps milestones and team, and refuses a move a project cannot make", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const project = await createProject({ db, actor: staff, input: base(client.id) });
    const full = await getProject({ db, id: project.id });
    expect(full?.milestones.map((milestone) => [milestone.title, milestone.isDone])).toEqual([
      ["Design sign-off", true],
      ["Beta", false],
    ]);
    expect(full?.milestones[0].doneAt).toBeInstanceOf(Date);
    await updateProject({
      db,
      actor: staff,
      id: project.id,
      input: { ...base(client.id), status: "cancelled" },
    });
    await expect(
      updateProject({
        db,
        actor: staff,
        id: project.id,
        input: { ...base(client.id), status: "active" },
      }),
    ).rejects.toThrow("A project that is cancelled cannot become active.");
    const list = await findProjects({
      db,
      status: "cancelled",
      clientId: client.id,
      query: { q: "", page: 1, pageSize: 25, sort: "name", dir: "asc" },
    });
    expect(list.total).toBe(1);
  });
});
