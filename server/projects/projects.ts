import { asc, eq, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { findClientOwnedPage } from "#server/business/client-list.ts";
import type { ListQuery } from "#server/business/list-query.ts";
import { createPublicId } from "#server/business/public-id.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { onboardingResponses, projectMilestones, projects } from "#server/db/schema/projects.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { AppError } from "#server/errors.ts";
import { projectStatusLabel } from "#shared/business/labels.ts";
import {
  type ProjectInput,
  type ProjectStatus,
  projectTransitions,
} from "#shared/business/project-form.ts";
import { announceProjectChange } from "./changes";

function audit(tx: Tx, actor: Actor, action: string, recordId: string, detail = {}) {
  return recordAudit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action,
    area: "projects",
    recordId,
    detail,
  });
}

async function writeMilestones(tx: Tx, projectId: string, milestones: ProjectInput["milestones"]) {
  const existing = await tx
    .select({ title: projectMilestones.title, doneAt: projectMilestones.doneAt })
    .from(projectMilestones)
    .where(eq(projectMilestones.projectId, projectId));
  const doneAtByTitle = new Map(existing.map((milestone) => [milestone.title, milestone.doneAt]));
  await tx.delete(projectMilestones).where(eq(projectMilestones.projectId, projectId));
  if (!milestones.length) return;
  await tx.insert(projectMilestones).values(
    milestones.map((milestone, position) => ({
      projectId,
      position,
      title: milestone.title,
      dueDate: milestone.dueDate,
      isDone: milestone.isDone,
      doneAt: milestone.isDone ? (doneAtByTitle.get(milestone.title) ?? new Date()) : null,
    })),
  );
}

async function checkLinks(
  tx: Tx,
  input: Pick<ProjectInput, "clientId" | "proposalId">,
  projectId?: string,
) {
  const [client] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  if (!client)
    throw new AppError("INVALID", "Choose a client that exists.", {
      fieldErrors: { clientId: ["Choose a client that exists."] },
    });
  if (!input.proposalId) return;
  const [proposal] = await tx
    .select({ clientId: proposals.clientId })
    .from(proposals)
    .where(eq(proposals.id, input.proposalId));
  if (!proposal || proposal.clientId !== input.clientId)
    throw new AppError("INVALID", "Choose a proposal of the same client.", {
      fieldErrors: { proposalId: ["Choose a proposal of the same client."] },
    });
  const [other] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.proposalId, input.proposalId));
  if (other && other.id !== projectId)
    throw new AppError("CONFLICT", "That proposal already has a project.", {
      fieldErrors: { proposalId: ["That proposal already has a project."] },
    });
}

/** Creates a project inside the caller's transaction (accepting a proposal uses it). */
export async function createProjectRecord(
  tx: Tx,
  { actor, input }: { actor: Actor; input: ProjectInput },
) {
  await checkLinks(tx, input);
  const [project] = await tx
    .insert(projects)
    .values({
      onboardingId: createPublicId(),
      name: input.name,
      clientId: input.clientId,
      proposalId: input.proposalId,
      status: input.status,
      startDate: input.startDate,
      dueDate: input.dueDate,
      budgetAmount: input.budgetAmount,
      currency: input.currency,
      teamMembers: input.teamMembers,
    })
    .returning();
  await tx.insert(onboardingResponses).values({ projectId: project.id });
  await writeMilestones(tx, project.id, input.milestones);
  await audit(tx, actor, "create", project.id, { name: project.name });
  return project;
}

export async function createProject({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: ProjectInput;
}) {
  return db.transaction((tx) => createProjectRecord(tx, { actor, input }));
}

export function canMoveProject(from: ProjectStatus, to: ProjectStatus) {
  return from === to || projectTransitions[from].includes(to);
}

export async function updateProject({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  /** Without milestones, the project's milestones stay as they are (the project page edits them one by one). */
  input: Omit<ProjectInput, "milestones"> & { milestones?: ProjectInput["milestones"] };
}) {
  return db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, id)).for("update");
    if (!project) throw new AppError("NOT_FOUND", "That project no longer exists.");
    if (!canMoveProject(project.status, input.status)) {
      const message = `A project that is ${projectStatusLabel[project.status].toLowerCase()} cannot become ${projectStatusLabel[input.status].toLowerCase()}.`;
      throw new AppError("CONFLICT", message, { fieldErrors: { status: [message] } });
    }
    await checkLinks(tx, input, id);
    const [updated] = await tx
      .update(projects)
      .set({
        name: input.name,
        clientId: input.clientId,
        proposalId: input.proposalId,
        status: input.status,
        startDate: input.startDate,
        dueDate: input.dueDate,
        budgetAmount: input.budgetAmount,
        currency: input.currency,
        teamMembers: input.teamMembers,
        updatedAt: new Date(),
      })
      .where(eq(projects.id, id))
      .returning();
    if (input.milestones) await writeMilestones(tx, id, input.milestones);
    await announceProjectChange(tx, { clientId: updated.clientId, projectId: id, what: "project" });
    await audit(tx, actor, "update", id, {
      name: updated.name,
      ...(project.status !== updated.status ? { from: project.status, to: updated.status } : {}),
    });
    return updated;
  });
}

export async function getProject({ db, id }: { db: Db | Tx; id: string }) {
  const [project] = await db.select().from(projects).where(eq(projects.id, id));
  if (!project) return undefined;
  const [milestones, [client], [onboarding]] = await Promise.all([
    db
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id))
      .orderBy(asc(projectMilestones.position)),
    db
      .select({ id: clients.id, company: clients.company })
      .from(clients)
      .where(eq(clients.id, project.clientId)),
    db.select().from(onboardingResponses).where(eq(onboardingResponses.projectId, id)),
  ]);
  return { ...project, milestones, client, onboarding };
}

export const projectSorts = ["name", "createdAt", "dueDate", "status", "company"] as const;
export type ProjectSort = (typeof projectSorts)[number];

export async function findProjects({
  db,
  query,
  status,
  clientId,
}: {
  db: Db;
  query: ListQuery<ProjectSort>;
  status?: ProjectStatus;
  clientId?: string;
}) {
  return findClientOwnedPage({
    db,
    table: projects,
    fields: {
      id: projects.id,
      name: projects.name,
      status: projects.status,
      startDate: projects.startDate,
      dueDate: projects.dueDate,
      budgetAmount: projects.budgetAmount,
      currency: projects.currency,
      createdAt: projects.createdAt,
      clientId: projects.clientId,
      company: clients.company,
    },
    searchColumn: projects.name,
    sortColumns: {
      name: sql`lower(${projects.name})`,
      createdAt: projects.createdAt,
      // Never null, so that a keyset cursor can stand on it (no date: last when ascending).
      dueDate: sql`coalesce(${projects.dueDate}, '9999-12-31'::date)`,
      status: projects.status,
    },
    query,
    clientId,
    conditions: status ? [eq(projects.status, status)] : [],
  });
}
