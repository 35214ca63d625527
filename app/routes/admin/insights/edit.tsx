import { Form, useActionData } from "react-router";

import { ContentFigures } from "#app/components/admin/content-figures.tsx";
import { InsightEditor } from "#app/components/admin/insight-editor.tsx";
import { PublishableEditScreen } from "#app/components/admin/publishable-screens.tsx";
import { versionKey } from "#app/lib/version-key.ts";
import { getPageFigures } from "#server/analytics/attribution.ts";
import { getInsightForEdit, insightStore } from "#server/content-admin/insights.ts";
import { editPublishable, loadPublishableEdit } from "#server/content-admin/publishable-routes.ts";
import { insightKind } from "#shared/content-admin/kinds.ts";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.item.title ?? insightKind.title} · Command center` },
];

export async function loader(args: Route.LoaderArgs) {
  const screen = await loadPublishableEdit(args, insightStore, getInsightForEdit);
  const path = `${insightKind.publicPath}/${screen.item.slug}`;
  return { ...screen, figures: await getPageFigures({ db: args.context.db, path }) };
}

export const action = (args: Route.ActionArgs) => editPublishable(args, insightStore);

export default function EditInsightScreen({ loaderData }: Route.ComponentProps) {
  const { item, choices, revisions, figures } = loaderData;
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <PublishableEditScreen
      kind={insightKind}
      item={item}
      revisions={revisions}
      actions={
        item.status === "published" ? (
          // The Campaigns page's own action drafts it (createCampaignFromInsight) and opens it.
          <Form method="post" action="/admin/campaigns?index">
            <input type="hidden" name="insightId" value={item.id} />
            <button type="submit" className="btn-secondary">
              Create campaign from this insight
            </button>
          </Form>
        ) : null
      }
      summary={<ContentFigures figures={figures} />}
    >
      <InsightEditor
        key={versionKey(item.updatedAt)}
        insight={item}
        choices={choices}
        errors={failed?.fieldErrors}
        formError={failed?.error}
      />
    </PublishableEditScreen>
  );
}
