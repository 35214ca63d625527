import { PublishableList } from "#app/components/admin/publishable-screens.tsx";
import { insightStore } from "#server/content-admin/insights.ts";
import { loadPublishableList } from "#server/content-admin/publishable-routes.ts";
import { insightKind } from "#shared/content-admin/kinds.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: `${insightKind.plural} · Command center` }];

export const loader = (args: Route.LoaderArgs) => loadPublishableList(args, insightStore);

export default function InsightListScreen({ loaderData }: Route.ComponentProps) {
  return <PublishableList kind={insightKind} data={loaderData} />;
}
