// The rates an entry is billed and costed at: a person's billing rate on the project, else
// theirs in the project's currency; the cost rate in that currency (decision 423).
import { and, eq, inArray } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { projects } from "#server/db/schema/projects.ts";
import { projectRates, staffRates } from "#server/db/schema/time.ts";
import { AppError } from "#server/errors.ts";
import { auditTime } from "./records";

export type PersonRates = { billingRate: number | null; costRate: number | null };

/** Each person's hourly rates on a project, in the project's currency (null: none set). */
export async function ratesOnProject(
  db: Db | Tx,
  project: { id: string; currency: string },
  userIds: string[],
): Promise<Map<string, PersonRates>> {
  const rates = new Map<string, PersonRates>(
    userIds.map((id) => [id, { billingRate: null, costRate: null }]),
  );
  if (!userIds.length) return rates;
  const [personal, overrides] = await Promise.all([
    db
      .select()
      .from(staffRates)
      .where(and(inArray(staffRates.userId, userIds), eq(staffRates.currency, project.currency))),
    db
      .select()
      .from(projectRates)
      .where(and(eq(projectRates.projectId, project.id), inArray(projectRates.userId, userIds))),
  ]);
  for (const row of personal)
    rates.set(row.userId, { billingRate: row.billingRate, costRate: row.costRate });
  for (const row of overrides) {
    const current = rates.get(row.userId) ?? { billingRate: null, costRate: null };
    rates.set(row.userId, { ...current, billingRate: row.billingRate });
  }
  return rates;
}

/** Sets (or, with null, removes) a person's billing rate on one project, in its currency. */
export async function saveProjectRate({
  db,
  actor,
  projectId,
  userId,
  billingRate,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  userId: string;
  billingRate: number | null;
}) {
  if (
    billingRate !== null &&
    (!Number.isSafeInteger(billingRate) || billingRate < 0 || billingRate > 100_000_000)
  )
    throw new AppError("INVALID", "Enter an hourly rate of zero or more, such as 150.00.", {
      fieldErrors: { billingRate: ["Enter an hourly rate of zero or more, such as 150.00."] },
    });
  await db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id, clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) throw new AppError("NOT_FOUND", "That project no longer exists.");
    const [person] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    if (!person)
      throw new AppError("INVALID", "Choose a staff member.", {
        fieldErrors: { userId: ["Choose a staff member."] },
      });
    if (billingRate === null)
      await tx
        .delete(projectRates)
        .where(and(eq(projectRates.projectId, projectId), eq(projectRates.userId, userId)));
    else
      await tx
        .insert(projectRates)
        .values({ projectId, userId, billingRate })
        .onConflictDoUpdate({
          target: [projectRates.projectId, projectRates.userId],
          set: { billingRate },
        });
    await auditTime(tx, actor, "project-rate", projectId, {
      clientId: project.clientId,
      userId,
      billingRate,
    });
  });
}

/** A project's rate overrides with the people's names. */
export async function listProjectRates(db: Db, projectId: string) {
  return db
    .select({
      userId: projectRates.userId,
      name: authUsers.name,
      billingRate: projectRates.billingRate,
    })
    .from(projectRates)
    .innerJoin(authUsers, eq(authUsers.id, projectRates.userId))
    .where(eq(projectRates.projectId, projectId))
    .orderBy(authUsers.name);
}
