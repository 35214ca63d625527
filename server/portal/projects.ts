import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { onboardingResponses, projectMilestones, projects } from "#server/db/schema/projects.ts";
import { AppError } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { canAmendOnboarding } from "#server/onboarding/amend.ts";
import { listClientUploads, listSharedFiles } from "./shared-files";

// A client's projects in the portal: status, dates and milestones (done / next), the
// team's shared files and the client's own uploads, and where onboarding stands.

type Milestone = typeof projectMilestones.$inferSelect;

/** The milestones done (with when) and the next one to come, in the team's order. */
export function milestoneProgress(milestones: Milestone[]) {
  const ordered = [...milestones].sort((a, b) => a.position - b.position);
  const next = ordered.find((milestone) => !milestone.isDone);
  return {
    milestones: ordered.map(({ id, title, dueDate, isDone, doneAt }) => ({
      id,
      title,
      dueDate,
      isDone,
      doneAt,
      isNext: next?.id === id,
    })),
    doneCount: ordered.filter((item) => item.isDone).length,
    next: next ? { id: next.id, title: next.title, dueDate: next.dueDate } : null,
  };
}

/** Where onboarding stands for the client: to fill in, to amend, or closed. */
export function onboardingStage(
  project: { status: string; startDate: string | null },
  submittedAt: Date | null,
  today?: string,
): "to-do" | "amendable" | "closed" {
  if (project.status === "cancelled") return "closed";
  if (!submittedAt) return "to-do";
  return canAmendOnboarding(project, today) ? "amendable" : "closed";
}

export async function listPortalProjects({ db, clientId }: { db: Db; clientId: string }) {
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      startDate: projects.startDate,
      dueDate: projects.dueDate,
      submittedAt: onboardingResponses.submittedAt,
    })
    .from(projects)
    .leftJoin(onboardingResponses, eq(onboardingResponses.projectId, projects.id))
    .where(eq(projects.clientId, clientId))
    .orderBy(desc(projects.createdAt));
  const milestones = rows.length
    ? await db
        .select()
        .from(projectMilestones)
        .where(
          inArray(
            projectMilestones.projectId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(projectMilestones.position))
    : [];
  return rows.map((row) => ({
    ...row,
    onboarding: onboardingStage(row, row.submittedAt),
    ...milestoneProgress(milestones.filter((item) => item.projectId === row.id)),
  }));
}

/** One project of the viewer's client, or NOT_FOUND. */
export async function getPortalProject({
  db,
  clientId,
  projectId,
}: {
  db: Db;
  clientId: string;
  projectId: string;
}) {
  if (!isUuid(projectId)) throw new AppError("NOT_FOUND", "That project does not exist.");
  const [project] = await db
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      startDate: projects.startDate,
      dueDate: projects.dueDate,
      onboardingId: projects.onboardingId,
      teamMembers: projects.teamMembers,
      submittedAt: onboardingResponses.submittedAt,
    })
    .from(projects)
    .leftJoin(onboardingResponses, eq(onboardingResponses.projectId, projects.id))
    .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)));
  if (!project) throw new AppError("NOT_FOUND", "That project does not exist.");
  const [milestones, sharedFiles, uploads] = await Promise.all([
    db.select().from(projectMilestones).where(eq(projectMilestones.projectId, projectId)),
    listSharedFiles({ db, projectId }),
    listClientUploads({ db, projectId }),
  ]);
  return {
    ...project,
    onboarding: onboardingStage(project, project.submittedAt),
    ...milestoneProgress(milestones),
    sharedFiles,
    uploads,
  };
}
