import { useActionData } from "react-router";
import { InsightEditor } from "#app/components/admin/insight-editor.tsx";
import { PublishableCreateScreen } from "#app/components/admin/publishable-screens.tsx";
import { insightStore } from "#server/content-admin/insights.ts";
import {
  createPublishable,
  loadPublishableCreate,
} from "#server/content-admin/publishable-routes.ts";
import { insightKind } from "#shared/content-admin/kinds.ts";
import type { Route } from "./+types/create";

export const meta: Route.MetaFunction = () => [
  { title: `New ${insightKind.noun} · Command center` },
];

export const loader = (args: Route.LoaderArgs) => loadPublishableCreate(args, insightStore);

export const action = (args: Route.ActionArgs) => createPublishable(args, insightStore);

export default function CreateInsightScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <PublishableCreateScreen kind={insightKind}>
      <InsightEditor
        choices={loaderData.choices}
        errors={failed?.fieldErrors}
        formError={failed?.error}
      />
    </PublishableCreateScreen>
  );
}
