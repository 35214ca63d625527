import { useActionData } from "react-router";
import { CaseStudyEditor } from "#app/components/admin/case-study-editor.tsx";
import { ContentFigures } from "#app/components/admin/content-figures.tsx";
import { PublishableEditScreen } from "#app/components/admin/publishable-screens.tsx";
import { versionKey } from "#app/lib/version-key.ts";
import { getPageFigures } from "#server/analytics/attribution.ts";
import { caseStudyStore, getCaseStudyForEdit } from "#server/content-admin/case-studies.ts";
import { editPublishable, loadPublishableEdit } from "#server/content-admin/publishable-routes.ts";
import { caseStudyKind } from "#shared/content-admin/kinds.ts";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.item.title ?? caseStudyKind.title} · Command center` },
];

export async function loader(args: Route.LoaderArgs) {
  const screen = await loadPublishableEdit(args, caseStudyStore, getCaseStudyForEdit);
  const path = `${caseStudyKind.publicPath}/${screen.item.slug}`;
  return { ...screen, figures: await getPageFigures({ db: args.context.db, path }) };
}

export const action = (args: Route.ActionArgs) => editPublishable(args, caseStudyStore);

export default function EditCaseStudyScreen({ loaderData }: Route.ComponentProps) {
  const { item, choices, revisions, figures } = loaderData;
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <PublishableEditScreen
      kind={caseStudyKind}
      item={item}
      revisions={revisions}
      summary={<ContentFigures figures={figures} />}
    >
      <CaseStudyEditor
        key={versionKey(item.updatedAt)}
        caseStudy={item}
        choices={choices}
        errors={failed?.fieldErrors}
        formError={failed?.error}
      />
    </PublishableEditScreen>
  );
}
