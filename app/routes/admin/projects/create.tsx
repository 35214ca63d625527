import { useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ProjectForm } from "#app/components/business/project-form.tsx";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { findClientChoices } from "#server/clients/choices.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid } from "#server/ids.ts";
import { createProject } from "#server/projects/projects.ts";
import { redirectWithToast } from "#server/toast.ts";
import { projectFormSchema, projectFormValues } from "#shared/business/project-form.ts";
import type { Route } from "./+types/create";

export const meta = () => [{ title: "New project | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const clientId = args.url.searchParams.get("clientId") ?? "";
  const clients = await findClientChoices(args.context.db, {
    selectedId: isUuid(clientId) ? clientId : undefined,
  });
  const chosen = clients.choices.find((client) => client.id === clientId);
  return { clients, clientId: chosen?.id ?? "", currency: chosen?.currency ?? "USD" };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const form = await readForm(args.request);
  try {
    const input = parseFormValues(projectFormSchema, projectFormValues(form));
    const project = await createProject({
      db: args.context.db,
      actor: staffActor(user, args.context.clientAddress),
      input,
    });
    return redirectWithToast(`/admin/projects/edit/${project.id}`, {
      message: "Project created. Send the client its onboarding link.",
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function CreateProjectScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader title="New project" back={{ to: "/admin/projects", label: "Projects" }} />
      <ProjectForm
        clients={loaderData.clients}
        errors={actionData?.fieldErrors}
        error={actionData?.error}
        submitLabel="Create project"
        initial={{
          name: "",
          clientId: loaderData.clientId,
          proposalId: "",
          status: "onboarding",
          startDate: "",
          dueDate: "",
          budget: "",
          currency: loaderData.currency,
          teamMembers: [],
          milestones: [],
        }}
      />
    </main>
  );
}
