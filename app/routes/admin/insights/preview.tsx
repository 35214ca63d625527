import { requireRole } from "../../../../server/auth/guard";
import { readingMinutes, renderMarkdown } from "../../../../server/content/markdown";
import { getInsightForEdit } from "../../../../server/content-admin/insights";
import { invariantResponse } from "../../../../server/errors";
import type { Route } from "./+types/preview";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Preview: ${data?.insight.title ?? "Insight"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const id = new URL(args.request.url).searchParams.get("id") ?? "";
  invariantResponse(/^[0-9a-f-]{36}$/i.test(id), "Choose an insight to preview.", { status: 400 });
  const insight = await getInsightForEdit({ db: args.context.db, id });
  invariantResponse(insight, "This insight does not exist.", { status: 404 });
  return {
    insight: {
      id: insight.id,
      title: insight.title,
      excerpt: insight.excerpt,
      author: insight.author,
      tags: insight.tags,
      coverImage: insight.coverImage,
      coverAlt: insight.coverAlt,
      status: insight.status,
      publishedAt: insight.publishedAt ?? insight.publishAt,
    },
    html: renderMarkdown(insight.body),
    readingMinutes: readingMinutes(insight.body),
  };
}

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

/** A draft as the public article page will show it, marked "Preview". */
export default function InsightPreview({ loaderData }: Route.ComponentProps) {
  const { insight, html } = loaderData;
  return (
    <>
      <div
        role="status"
        className="sticky top-0 z-50 flex items-center justify-between gap-4 bg-frontier-orange px-4 py-2 text-sm font-semibold text-ink-950"
      >
        <span>Preview · {insight.status}: not visible to visitors until published</span>
        <a href={`/admin/insights/edit/${insight.id}`} className="underline">
          Back to the editor
        </a>
      </div>
      <main id="main" className="container-page py-16">
        <article className="mx-auto max-w-3xl">
          <p className="eyebrow">{insight.tags.join(" · ") || "Insight"}</p>
          <h1 className="heading-xl mt-3">{insight.title}</h1>
          <p className="mt-4 text-lg text-mist-300">{insight.excerpt}</p>
          <p className="mt-4 text-sm text-mist-400">
            {insight.author} · {loaderData.readingMinutes} min read
            {insight.publishedAt ? ` · ${new Date(insight.publishedAt).toLocaleDateString()}` : ""}
          </p>
          {insight.coverImage ? (
            <img
              src={insight.coverImage}
              alt={insight.coverAlt ?? ""}
              className="mt-8 w-full rounded-2xl"
            />
          ) : null}
          <div
            className="prose-frontier mt-10"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by server/content/markdown.ts
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </article>
      </main>
    </>
  );
}
