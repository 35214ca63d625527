import { Form, useActionData } from "react-router";
import { InsightEditor } from "#app/components/admin/insight-editor.tsx";
import { PublishableEditScreen } from "#app/components/admin/publishable-screens.tsx";
import { getInsightForEdit, insightStore } from "#server/content-admin/insights.ts";
import { editPublishable, loadPublishableEdit } from "#server/content-admin/publishable-routes.ts";
import { insightKind } from "#shared/content-admin/kinds.ts";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.item.title ?? insightKind.title} · Command center` },
];

export const loader = (args: Route.LoaderArgs) =>
  loadPublishableEdit(args, insightStore, getInsightForEdit);

export const action = (args: Route.ActionArgs) => editPublishable(args, insightStore);

export default function EditInsightScreen({ loaderData }: Route.ComponentProps) {
  const { item, choices, revisions } = loaderData;
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
    >
      <InsightEditor
        key={item.updatedAt.toString()}
        insight={item}
        choices={choices}
        errors={failed?.fieldErrors}
        formError={failed?.error}
      />
    </PublishableEditScreen>
  );
}
