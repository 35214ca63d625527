import { type ShouldRevalidateFunction, useActionData } from "react-router";
import { CaseStudyEditor } from "~/components/admin/case-study-editor";
import { PageHeader } from "~/components/admin/page-header";
import { formToObject, isBackgroundSubmission } from "~/lib/content-admin/forms";
import { requireRole } from "../../../../server/auth/guard";
import { findCaseStudyChoices, saveCaseStudy } from "../../../../server/content-admin/case-studies";
import { errorResponse } from "../../../../server/errors";
import { redirectWithToast } from "../../../../server/toast";
import type { Route } from "./+types/create";

export const meta: Route.MetaFunction = () => [{ title: "New case study · Command center" }];

export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  isBackgroundSubmission(args) ? false : args.defaultShouldRevalidate;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return { choices: await findCaseStudyChoices({ db: args.context.db }) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const form = await args.request.formData();
  try {
    const saved = await saveCaseStudy({
      database: args.context.database,
      input: formToObject(form),
      actor: user,
      address: args.context.clientAddress,
    });
    return redirectWithToast(`/admin/case-studies/edit/${saved.id}`, {
      message: "Case study created.",
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function CreateCaseStudyScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="New case study"
        back={{ to: "/admin/case-studies", label: "Case studies" }}
      />
      <CaseStudyEditor
        choices={loaderData.choices}
        errors={failed?.fieldErrors}
        formError={failed?.error}
      />
    </main>
  );
}
