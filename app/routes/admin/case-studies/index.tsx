import { PublishableList } from "~/components/admin/publishable-screens";
import { caseStudyKind } from "~/lib/content-admin/kinds";
import { caseStudyStore } from "../../../../server/content-admin/case-studies";
import { loadPublishableList } from "../../../../server/content-admin/publishable-routes";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [
  { title: `${caseStudyKind.plural} · Command center` },
];

export const loader = (args: Route.LoaderArgs) => loadPublishableList(args, caseStudyStore);

export default function CaseStudyListScreen({ loaderData }: Route.ComponentProps) {
  return <PublishableList kind={caseStudyKind} data={loaderData} />;
}
