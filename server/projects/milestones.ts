import { and, asc, eq, max } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { projectMilestones, projects } from "#server/db/schema/projects.ts";
import { AppError, invalid } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { z } from "#shared/zod.ts";
import { announceProjectChange } from "./changes";

// A project's milestones, changed one at a time from the project page. Every change is
// audited and announced, so an open client portal shows it at once (decision 405).

export const milestoneSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Name the milestone.")
    .max(200, "Keep the title under 200 characters."),
  dueDate: z
    .union([z.iso.date("Choose a date."), z.literal("")])
    .transform((value) => value || null),
});

type MilestoneInput = z.input<typeof milestoneSchema>;

async function lockProject(tx: Tx, projectId: string) {
  if (!isUuid(projectId)) throw new AppError("NOT_FOUND", "That project no longer exists.");
  const [project] = await tx
    .select({ id: projects.id, clientId: projects.clientId, name: projects.name })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  if (!project) throw new AppError("NOT_FOUND", "That project no longer exists.");
  return project;
}

async function findMilestone(tx: Tx, projectId: string, milestoneId: string) {
  if (!isUuid(milestoneId)) throw new AppError("NOT_FOUND", "That milestone no longer exists.");
  const [milestone] = await tx
    .select()
    .from(projectMilestones)
    .where(and(eq(projectMilestones.id, milestoneId), eq(projectMilestones.projectId, projectId)));
  if (!milestone) throw new AppError("NOT_FOUND", "That milestone no longer exists.");
  return milestone;
}

function parse(input: MilestoneInput) {
  const parsed = milestoneSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error, parsed.error.issues[0].message);
  return parsed.data;
}

/** Runs one milestone change: project locked, change made, audited and announced. */
async function change<T>(
  db: Db,
  { actor, projectId, action }: { actor: Actor; projectId: string; action: string },
  work: (
    tx: Tx,
    project: { id: string; clientId: string },
  ) => Promise<{ result: T; detail: Record<string, unknown> }>,
) {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const { result, detail } = await work(tx, project);
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action,
      area: "projects",
      recordId: project.id,
      detail,
    });
    await announceProjectChange(tx, {
      clientId: project.clientId,
      projectId: project.id,
      what: "milestones",
    });
    return result;
  });
}

export async function listMilestones({ db, projectId }: { db: Db | Tx; projectId: string }) {
  return db
    .select()
    .from(projectMilestones)
    .where(eq(projectMilestones.projectId, projectId))
    .orderBy(asc(projectMilestones.position), asc(projectMilestones.title));
}

export async function addMilestone({
  db,
  actor,
  projectId,
  input,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  input: MilestoneInput;
}) {
  const values = parse(input);
  return change(db, { actor, projectId, action: "add-milestone" }, async (tx) => {
    const [{ last }] = await tx
      .select({ last: max(projectMilestones.position) })
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, projectId));
    const [milestone] = await tx
      .insert(projectMilestones)
      .values({
        projectId,
        position: (last ?? -1) + 1,
        title: values.title,
        dueDate: values.dueDate,
      })
      .returning();
    return { result: milestone, detail: { milestone: milestone.title } };
  });
}

/** Renames a milestone or moves its due date. */
export async function updateMilestone({
  db,
  actor,
  projectId,
  milestoneId,
  input,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  milestoneId: string;
  input: MilestoneInput;
}) {
  const values = parse(input);
  return change(db, { actor, projectId, action: "update-milestone" }, async (tx) => {
    const before = await findMilestone(tx, projectId, milestoneId);
    const [milestone] = await tx
      .update(projectMilestones)
      .set({ title: values.title, dueDate: values.dueDate })
      .where(eq(projectMilestones.id, milestoneId))
      .returning();
    return { result: milestone, detail: { milestone: milestone.title, was: before.title } };
  });
}

/** Marks a milestone done (now) or not done. */
export async function setMilestoneDone({
  db,
  actor,
  projectId,
  milestoneId,
  isDone,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  milestoneId: string;
  isDone: boolean;
}) {
  return change(
    db,
    { actor, projectId, action: isDone ? "complete-milestone" : "reopen-milestone" },
    async (tx) => {
      const before = await findMilestone(tx, projectId, milestoneId);
      const [milestone] = await tx
        .update(projectMilestones)
        .set({ isDone, doneAt: isDone ? (before.isDone ? before.doneAt : new Date()) : null })
        .where(eq(projectMilestones.id, milestoneId))
        .returning();
      return { result: milestone, detail: { milestone: milestone.title } };
    },
  );
}

/** Moves a milestone one place up or down; the others keep their order. */
export async function moveMilestone({
  db,
  actor,
  projectId,
  milestoneId,
  direction,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  milestoneId: string;
  direction: "up" | "down";
}) {
  return change(db, { actor, projectId, action: "move-milestone" }, async (tx) => {
    const milestone = await findMilestone(tx, projectId, milestoneId);
    const ordered = await listMilestones({ db: tx, projectId });
    const from = ordered.findIndex((item) => item.id === milestoneId);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < ordered.length) {
      const [moved] = ordered.splice(from, 1);
      ordered.splice(to, 0, moved);
      for (const [position, item] of ordered.entries())
        if (item.position !== position)
          await tx
            .update(projectMilestones)
            .set({ position })
            .where(eq(projectMilestones.id, item.id));
    }
    return { result: milestone, detail: { milestone: milestone.title, direction } };
  });
}

export async function removeMilestone({
  db,
  actor,
  projectId,
  milestoneId,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  milestoneId: string;
}) {
  return change(db, { actor, projectId, action: "remove-milestone" }, async (tx) => {
    const milestone = await findMilestone(tx, projectId, milestoneId);
    await tx.delete(projectMilestones).where(eq(projectMilestones.id, milestoneId));
    return { result: milestone, detail: { milestone: milestone.title } };
  });
}
