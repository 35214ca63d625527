import { PublishableList } from "#app/components/admin/publishable-screens.tsx";
import { caseStudyStore } from "#server/content-admin/case-studies.ts";
import { loadPublishableList } from "#server/content-admin/publishable-routes.ts";
import { caseStudyKind } from "#shared/content-admin/kinds.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [
  { title: `${caseStudyKind.plural} · Command center` },
];

export const loader = (args: Route.LoaderArgs) => loadPublishableList(args, caseStudyStore);

export default function CaseStudyListScreen({ loaderData }: Route.ComponentProps) {
  return <PublishableList kind={caseStudyKind} data={loaderData} />;
}
