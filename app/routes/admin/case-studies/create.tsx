import { useActionData } from "react-router";
import { CaseStudyEditor } from "#app/components/admin/case-study-editor.tsx";
import { PublishableCreateScreen } from "#app/components/admin/publishable-screens.tsx";
import { caseStudyStore } from "#server/content-admin/case-studies.ts";
import {
  createPublishable,
  loadPublishableCreate,
} from "#server/content-admin/publishable-routes.ts";
import { caseStudyKind } from "#shared/content-admin/kinds.ts";
import type { Route } from "./+types/create";

export const meta: Route.MetaFunction = () => [
  { title: `New ${caseStudyKind.noun} · Command center` },
];

export const loader = (args: Route.LoaderArgs) => loadPublishableCreate(args, caseStudyStore);

export const action = (args: Route.ActionArgs) => createPublishable(args, caseStudyStore);

export default function CreateCaseStudyScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <PublishableCreateScreen kind={caseStudyKind}>
      <CaseStudyEditor
        choices={loaderData.choices}
        errors={failed?.fieldErrors}
        formError={failed?.error}
      />
    </PublishableCreateScreen>
  );
}
