import { Link } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { localeFrom } from "#server/business/locale.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { portalData } from "#server/portal/http.ts";
import { getPortalProject } from "#server/portal/projects.ts";
import { getProjectRetainer } from "#server/retainers/retainers.ts";
import { getPortalHours } from "#server/time/portal.ts";
import { projectStatusLabel } from "#shared/business/labels.ts";
import { retainerPeriodLabel } from "#shared/business/retainer-form.ts";
import { formatMoney } from "#shared/money.ts";
import type { Route } from "./+types/project";
import { PortalHours } from "./project-hours";
import { MilestoneList } from "./project-summary";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.project.name ?? "Project"} | Frontier client portal` },
];

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const { onboardingId: _onboardingId, ...project } = await portalData(() =>
    getPortalProject({ db: args.context.db, clientId: viewer.clientId, projectId: args.params.id }),
  );
  // Only what the client needs of the retainer: its amount, rhythm and next invoice.
  const found = await getProjectRetainer({ db: args.context.db, projectId: project.id });
  const retainer =
    found && found.state !== "ended"
      ? {
          amount: found.current.amount,
          currency: found.retainer.currency,
          period: found.retainer.period,
          isPaused: found.state === "paused",
          nextIssueDate: found.next && !found.next.isSkipped ? found.next.issueDate : null,
        }
      : null;
  // Hours used, only where staff chose to show them (decision 428).
  const hours = await getPortalHours({ db: args.context.db, projectId: project.id });
  return { project, retainer, hours, locale: localeFrom(args.request) };
}

type FileRow = { id: string; filename: string; size: number; createdAt: Date | string };

function FileList({
  projectId,
  files,
  empty,
  locale,
}: {
  projectId: string;
  files: FileRow[];
  empty: string;
  locale: string;
}) {
  if (!files.length) return <p className="text-sm text-mist-400">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {files.map((file) => (
        <li
          key={file.id}
          className="flex flex-wrap justify-between gap-2 rounded-lg bg-white/5 px-3 py-2"
        >
          <a
            href={`/portal/projects/${projectId}/files/${file.id}`}
            className="text-frontier-blue underline"
            download
          >
            {file.filename}
          </a>
          <span className="text-mist-400">
            {Math.ceil(file.size / 1024)} KB · {formatDate(file.createdAt, locale)}
          </span>
        </li>
      ))}
    </ul>
  );
}

const onboardingText = {
  "to-do": { text: "We still need your onboarding answers to start.", action: "Finish onboarding" },
  amendable: {
    text: "Thank you for your answers. You can still correct them until the project starts.",
    action: "Review your answers",
  },
  closed: { text: "Onboarding is closed for this project.", action: "See your answers" },
};

export default function PortalProject({ loaderData }: Route.ComponentProps) {
  const { project, retainer, hours, locale } = loaderData;
  const onboarding = onboardingText[project.onboarding];
  return (
    <main id="main" className="flex flex-col gap-8">
      <div>
        <Link to="/portal/projects" className="text-sm text-mist-400 hover:text-white">
          ← Projects
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="heading-lg">{project.name}</h1>
          <StatusBadge status={project.status} label={projectStatusLabel[project.status]} />
        </div>
        <p className="mt-2 text-mist-300">
          {project.startDate
            ? `Starts ${formatDate(project.startDate, locale)}`
            : "Start date to be agreed"}
          {project.dueDate ? ` · due ${formatDate(project.dueDate, locale)}` : ""}
        </p>
        {retainer ? (
          <p className="mt-1 text-mist-300" data-testid="portal-retainer">
            Retainer: {formatMoney(retainer.amount, retainer.currency, locale)}{" "}
            {retainerPeriodLabel[retainer.period]}
            {retainer.isPaused
              ? " (paused)"
              : retainer.nextIssueDate
                ? `; next invoice ${formatDate(retainer.nextIssueDate, locale)}`
                : ""}
          </p>
        ) : null}
        <Link
          to={`/portal/messages/${project.id}`}
          className="btn-secondary mt-4 px-4 py-2 text-sm"
        >
          Messages with the team
        </Link>
      </div>
      {hours ? <PortalHours hours={hours} /> : null}

      <section aria-labelledby="milestones-title">
        <h2 id="milestones-title" className="heading-md mb-3">
          Milestones{" "}
          <span className="text-base font-normal text-mist-400" data-testid="milestones-done">
            {project.doneCount} of {project.milestones.length} done
          </span>
        </h2>
        <MilestoneList milestones={project.milestones} locale={locale} />
      </section>

      <section aria-labelledby="onboarding-title" className="card">
        <h2 id="onboarding-title" className="heading-md">
          Onboarding
        </h2>
        <p className="mt-1 text-mist-300">{onboarding.text}</p>
        <Link
          to={`/portal/projects/${project.id}/onboarding`}
          className="btn-secondary mt-4 px-4 py-2 text-sm"
        >
          {onboarding.action}
        </Link>
      </section>

      <section aria-labelledby="shared-title">
        <h2 id="shared-title" className="heading-md mb-3">
          Files from the team
        </h2>
        <FileList
          projectId={project.id}
          files={project.sharedFiles}
          empty="Nothing shared yet."
          locale={locale}
        />
      </section>

      <section aria-labelledby="uploads-title">
        <h2 id="uploads-title" className="heading-md mb-3">
          Your uploads
        </h2>
        <FileList
          projectId={project.id}
          files={project.uploads}
          empty="You have not uploaded files."
          locale={locale}
        />
      </section>

      {project.teamMembers.length ? (
        <section aria-labelledby="team-title">
          <h2 id="team-title" className="heading-md mb-3">
            Your team
          </h2>
          <ul className="flex flex-wrap gap-2 text-sm">
            {project.teamMembers.map((member) => (
              <li
                key={`${member.name}-${member.role}`}
                className="rounded-full bg-white/5 px-3 py-1"
              >
                {member.name}
                {member.role ? <span className="text-mist-400"> · {member.role}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
