import { PreviewBanner } from "#app/components/admin/preview-banner.tsx";
import { CaseStudyArticle } from "#app/components/site/case-study-article.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { caseStudyForDisplay } from "#server/content/case-studies.ts";
import { getCaseStudyForEdit } from "#server/content-admin/case-studies.ts";
import { invariantResponse } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import type { Route } from "./+types/preview";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Preview: ${data?.caseStudy.title ?? "Case study"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const id = args.url.searchParams.get("id") ?? "";
  invariantResponse(isUuid(id), "Choose a case study to preview.", {
    status: 400,
  });
  const caseStudy = await getCaseStudyForEdit({ db: args.context.db, id });
  invariantResponse(caseStudy, "This case study does not exist.", { status: 404 });
  return { caseStudy: caseStudyForDisplay(caseStudy) };
}

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

/** A draft case study as the public page will show it, marked "Preview". */
export default function CaseStudyPreview({ loaderData }: Route.ComponentProps) {
  const { caseStudy } = loaderData;
  return (
    <>
      <PreviewBanner
        status={caseStudy.status}
        editPath={`/admin/case-studies/edit/${caseStudy.id}`}
      />
      <main id="main" className="container-page pb-16">
        <CaseStudyArticle study={caseStudy} />
      </main>
    </>
  );
}
