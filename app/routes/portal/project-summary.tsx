import { Link } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { projectStatusLabel } from "#shared/business/labels.ts";

export type PortalMilestone = {
  id: string;
  title: string;
  dueDate: string | null;
  isDone: boolean;
  doneAt: string | Date | null;
  isNext: boolean;
};

export type PortalProjectRow = {
  id: string;
  name: string;
  status: keyof typeof projectStatusLabel;
  startDate: string | null;
  dueDate: string | null;
  milestones: PortalMilestone[];
  doneCount: number;
};

/** A project's milestones in order: done ones with their date, the next one marked. */
export function MilestoneList({
  milestones,
  locale,
}: {
  milestones: PortalMilestone[];
  locale: string;
}) {
  if (!milestones.length)
    return <p className="text-sm text-mist-400">The team has not set milestones yet.</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid="milestones">
      {milestones.map((milestone) => (
        <li
          key={milestone.id}
          className={`flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg px-3 py-2 ${
            milestone.isNext
              ? "border border-frontier-orange/50 bg-frontier-orange/10"
              : "bg-white/5"
          }`}
          data-done={milestone.isDone ? "yes" : "no"}
        >
          <span className="flex items-baseline gap-2">
            <span
              aria-hidden="true"
              className={milestone.isDone ? "text-green-300" : "text-mist-400"}
            >
              {milestone.isDone ? "✓" : "○"}
            </span>
            <span className={milestone.isDone ? "text-mist-300" : "font-semibold text-white"}>
              {milestone.title}
            </span>
            <span className="sr-only">
              {milestone.isDone ? "(done)" : milestone.isNext ? "(next)" : "(to do)"}
            </span>
          </span>
          <span className="text-sm text-mist-400">
            {milestone.isDone
              ? `Done ${formatDate(milestone.doneAt, locale)}`
              : milestone.dueDate
                ? `${milestone.isNext ? "Next · " : ""}due ${formatDate(milestone.dueDate, locale)}`
                : milestone.isNext
                  ? "Next"
                  : "No date yet"}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A project on the home page: name, state, dates and its milestones. */
export function ProjectSummary({ project, locale }: { project: PortalProjectRow; locale: string }) {
  return (
    <article className="card" aria-labelledby={`project-${project.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`project-${project.id}`} className="heading-md">
          <Link to={`/portal/projects/${project.id}`} className="hover:underline">
            {project.name}
          </Link>
        </h3>
        <StatusBadge status={project.status} label={projectStatusLabel[project.status]} />
      </div>
      <p className="mt-1 text-sm text-mist-400">
        {project.startDate
          ? `Starts ${formatDate(project.startDate, locale)}`
          : "Start date to be agreed"}
        {project.dueDate ? ` · due ${formatDate(project.dueDate, locale)}` : ""}
        {project.milestones.length
          ? ` · ${project.doneCount} of ${project.milestones.length} milestones done`
          : ""}
      </p>
      <div className="mt-4">
        <MilestoneList milestones={project.milestones} locale={locale} />
      </div>
    </article>
  );
}
