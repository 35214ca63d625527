import { useActionData } from "react-router";
import { CaseStudyEditor } from "~/components/admin/case-study-editor";
import { PublishableEditScreen } from "~/components/admin/publishable-screens";
import { caseStudyKind } from "~/lib/content-admin/kinds";
import { caseStudyStore, getCaseStudyForEdit } from "../../../../server/content-admin/case-studies";
import {
  editPublishable,
  loadPublishableEdit,
} from "../../../../server/content-admin/publishable-routes";
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
