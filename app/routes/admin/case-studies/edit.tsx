import { useActionData } from "react-router";
import { CaseStudyEditor } from "#app/components/admin/case-study-editor.tsx";
import { PublishableEditScreen } from "#app/components/admin/publishable-screens.tsx";
import { caseStudyStore, getCaseStudyForEdit } from "#server/content-admin/case-studies.ts";
import { editPublishable, loadPublishableEdit } from "#server/content-admin/publishable-routes.ts";
import { caseStudyKind } from "#shared/content-admin/kinds.ts";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.item.title ?? caseStudyKind.title} · Command center` },
];

export const loader = (args: Route.LoaderArgs) =>
  loadPublishableEdit(args, caseStudyStore, getCaseStudyForEdit);

export const action = (args: Route.ActionArgs) => editPublishable(args, caseStudyStore);

export default function EditCaseStudyScreen({ loaderData }: Route.ComponentProps) {
  const { item, choices, revisions } = loaderData;
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <PublishableEditScreen kind={caseStudyKind} item={item} revisions={revisions}>
      <CaseStudyEditor
        key={item.updatedAt.toString()}
        caseStudy={item}
        choices={choices}
        errors={failed?.fieldErrors}
        formError={failed?.error}
      />
    </PublishableEditScreen>
  );
}
