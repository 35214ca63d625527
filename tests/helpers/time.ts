import { randomUUID } from "node:crypto";
import type { Role } from "#server/auth/roles.ts";
import type { Db } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { createProject } from "#server/projects/projects.ts";
import type { TimeViewer } from "#server/time/records.ts";
import { makeClient, staff, uniqueSuffix } from "./business";

/** A staff member written straight into the accounts table (no password: the tests never sign in). */
export async function makePerson(
  db: Db,
  role: Role = "clientManager",
  name = `Person ${uniqueSuffix()}`,
  email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}.${uniqueSuffix()}@frontier.test`,
): Promise<TimeViewer & { name: string }> {
  const id = randomUUID();
  await db.insert(authUsers).values({
    id,
    email,
    name,
    role: role === "admin" ? "admin" : role === "clientManager" ? "clientManager" : null,
  });
  return { id, email, name, role, address: "127.0.0.1" };
}

/** An active project of a new client. */
export async function makeProject(
  db: Db,
  {
    currency = "USD",
    budgetAmount = 0,
    name,
    company,
  }: { currency?: string; budgetAmount?: number; name?: string; company?: string } = {},
) {
  const client = await makeClient(db, { currency, company });
  const project = await createProject({
    db,
    actor: staff,
    input: {
      name: name ?? `Platform ${uniqueSuffix()}`,
      clientId: client.id,
      proposalId: null,
      status: "active",
      startDate: null,
      dueDate: null,
      budgetAmount,
      currency,
      teamMembers: [],
      milestones: [
        { title: "Design", dueDate: null, isDone: false },
        { title: "Build", dueDate: null, isDone: false },
      ],
    },
  });
  return { client, project };
}
