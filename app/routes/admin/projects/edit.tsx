import { Link, useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { formatDateTime } from "#app/components/business/fields.tsx";
import { ProjectForm } from "#app/components/business/project-form.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { versionKey } from "#app/lib/version-key.ts";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { todayIso } from "#server/business/dates.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { localeFrom } from "#server/business/locale.ts";
import { findClientChoices } from "#server/clients/choices.ts";
import { errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import { listOnboardingFiles } from "#server/onboarding/onboarding.ts";
import { listSharedFiles } from "#server/portal/shared-files.ts";
import { getProject, updateProject } from "#server/projects/projects.ts";
import { getProjectRetainer } from "#server/retainers/retainers.ts";
import { getProjectTimePanel } from "#server/time/budgets.ts";
import { redirectWithToast } from "#server/toast.ts";
import { projectStatusLabel } from "#shared/business/labels.ts";
import { onboardingSteps } from "#shared/business/onboarding-form.ts";
import { projectFormSchema, projectFormValues } from "#shared/business/project-form.ts";
import { moneyInputValue } from "#shared/money.ts";
import type { Route } from "./+types/edit";
import { MilestonesPanel } from "./milestones-panel";
import { RetainerPanel } from "./retainer-panel";
import { SharedFilesPanel } from "./shared-files-panel";
import { TimePanel } from "./time-panel";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.project.name ?? "Project"} | Command Center` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const { db, env } = args.context;
  const today = todayIso();
  const [project, files, sharedFiles, retainer, time] = await Promise.all([
    getProject({ db, id: args.params.id }),
    listOnboardingFiles({ db, projectId: args.params.id }),
    listSharedFiles({ db, projectId: args.params.id }),
    getProjectRetainer({ db, projectId: args.params.id, today }),
    getProjectTimePanel({ db, projectId: args.params.id, today }),
  ]);
  invariantResponse(project, "Not Found", { status: 404 });
  const clients = await findClientChoices(db, { selectedId: project.clientId });
  return {
    project,
    clients,
    files: files.map(({ id, filename, size, contentType }) => ({
      id,
      filename,
      size,
      contentType,
    })),
    sharedFiles,
    retainer: retainer ?? null,
    time,
    today,
    onboardingLink: `${env.PUBLIC_URL}/onboarding/${project.onboardingId}`,
    locale: localeFrom(args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const form = await readForm(args.request);
  try {
    // Milestones are changed one by one in their own panel (./milestones.ts), not by this form.
    const { milestones: _milestones, ...input } = parseFormValues(
      projectFormSchema,
      projectFormValues(form),
    );
    await updateProject({
      db: args.context.db,
      actor: staffActor(user, args.context.clientAddress),
      id: args.params.id,
      input,
    });
    return redirectWithToast(`/admin/projects/edit/${args.params.id}`, {
      message: "Project saved.",
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function EditProjectScreen({ loaderData }: Route.ComponentProps) {
  const { project, clients, files, sharedFiles, retainer, today, onboardingLink, locale } =
    loaderData;
  const actionData = useActionData<typeof action>();
  const answers = project.onboarding?.answers ?? {};
  const hasAnswers = Object.values(answers).some((value) => value?.trim());
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title={project.name}
        back={{ to: "/admin/projects", label: "Projects" }}
        description={
          <span className="flex flex-wrap items-center gap-3">
            <StatusBadge status={project.status} label={projectStatusLabel[project.status]} />
            <Link to={`/admin/clients/${project.clientId}`} className="hover:underline">
              {project.client?.company}
            </Link>
            {project.proposalId ? (
              <Link
                to={`/admin/proposals/edit/${project.proposalId}`}
                className="text-mist-400 hover:underline"
              >
                From a proposal
              </Link>
            ) : null}
          </span>
        }
        actions={
          <>
            <Link
              to={`/admin/chat?filter=clients&t=${project.id}`}
              className="btn-secondary px-4 py-2 text-sm"
            >
              Message the client
            </Link>
            <Link
              to={`/admin/invoices/create?clientId=${project.clientId}&projectId=${project.id}`}
              className="btn-secondary px-4 py-2 text-sm"
            >
              New invoice
            </Link>
          </>
        }
      />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="project-details" className="card">
          <h2 id="project-details" className="heading-md mb-5">
            Details
          </h2>
          <ProjectForm
            key={versionKey(project.updatedAt)}
            clients={clients}
            currentStatus={project.status}
            errors={actionData?.fieldErrors}
            error={actionData?.error}
            submitLabel="Save project"
            hasMilestones={false}
            initial={{
              name: project.name,
              clientId: project.clientId,
              proposalId: project.proposalId ?? "",
              status: project.status,
              startDate: project.startDate ?? "",
              dueDate: project.dueDate ?? "",
              budget: project.budgetAmount
                ? moneyInputValue(project.budgetAmount, project.currency)
                : "",
              currency: project.currency,
              teamMembers: project.teamMembers,
              milestones: project.milestones.map((milestone) => ({
                title: milestone.title,
                dueDate: milestone.dueDate ?? "",
                isDone: milestone.isDone,
              })),
            }}
          />
        </section>
        <div className="flex flex-col gap-8">
          <MilestonesPanel projectId={project.id} milestones={project.milestones} locale={locale} />
          {loaderData.time ? (
            <TimePanel projectId={project.id} time={loaderData.time} locale={locale} />
          ) : null}
          <RetainerPanel
            projectId={project.id}
            retainer={retainer}
            currency={project.currency}
            today={today}
            locale={locale}
          />
          <SharedFilesPanel projectId={project.id} files={sharedFiles} locale={locale} />
          <section aria-labelledby="onboarding" className="card">
            <h2 id="onboarding" className="heading-md mb-3">
              Client onboarding
            </h2>
            <p className="text-sm text-mist-400">Link for the client (no sign-in needed):</p>
            <a
              href={onboardingLink}
              className="break-all text-sm text-frontier-blue underline"
              data-testid="onboarding-link"
            >
              {onboardingLink}
            </a>
            <p className="mt-3 text-sm" data-testid="onboarding-state">
              {project.onboardingCompletedAt
                ? `Completed ${formatDateTime(project.onboardingCompletedAt, locale)}`
                : hasAnswers
                  ? "In progress"
                  : "Not started"}
            </p>
            {hasAnswers ? (
              <dl className="mt-4 flex flex-col gap-3 text-sm">
                {onboardingSteps.flatMap((step) =>
                  step.fields
                    .filter((field) => answers[field.name]?.trim())
                    .map((field) => (
                      <div key={field.name}>
                        <dt className="text-mist-400">{field.label}</dt>
                        <dd className="whitespace-pre-line text-mist-100">{answers[field.name]}</dd>
                      </div>
                    )),
                )}
              </dl>
            ) : null}
            {files.length ? (
              <>
                <h3 className="mt-5 font-semibold text-white">Brand assets</h3>
                <ul className="mt-2 flex flex-col gap-1 text-sm">
                  {files.map((file) => (
                    <li key={file.id}>
                      <a
                        href={`/admin/projects/${project.id}/files/${file.id}`}
                        className="text-frontier-blue underline"
                      >
                        {file.filename}
                      </a>{" "}
                      <span className="text-mist-400">({Math.ceil(file.size / 1024)} KB)</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </div>
      </div>
    </main>
  );
}
