import { PublishableList } from "~/components/admin/publishable-screens";
import { insightKind } from "~/lib/content-admin/kinds";
import { insightStore } from "../../../../server/content-admin/insights";
import { loadPublishableList } from "../../../../server/content-admin/publishable-routes";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: `${insightKind.plural} · Command center` }];

export const loader = (args: Route.LoaderArgs) => loadPublishableList(args, insightStore);

export default function InsightListScreen({ loaderData }: Route.ComponentProps) {
  return <PublishableList kind={insightKind} data={loaderData} />;
}
