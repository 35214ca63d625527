import { PreviewBanner } from "#app/components/admin/preview-banner.tsx";
import { InsightArticle } from "#app/components/site/insight-article.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { insightForDisplay } from "#server/content/insights.ts";
import { getInsightForEdit } from "#server/content-admin/insights.ts";
import { invariantResponse } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import type { Route } from "./+types/preview";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Preview: ${data?.insight.title ?? "Insight"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const id = args.url.searchParams.get("id") ?? "";
  invariantResponse(isUuid(id), "Choose an insight to preview.", { status: 400 });
  const insight = await getInsightForEdit({ db: args.context.db, id });
  invariantResponse(insight, "This insight does not exist.", { status: 404 });
  // A scheduled insight shows the date it will go out.
  return {
    insight: insightForDisplay({
      ...insight,
      publishedAt: insight.publishedAt ?? insight.publishAt,
    }),
  };
}

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

/** A draft as the public article page will show it, marked "Preview". */
export default function InsightPreview({ loaderData }: Route.ComponentProps) {
  const { insight } = loaderData;
  return (
    <>
      <PreviewBanner status={insight.status} editPath={`/admin/insights/edit/${insight.id}`} />
      <main id="main" className="container-page pb-16">
        <InsightArticle insight={insight} />
      </main>
    </>
  );
}
