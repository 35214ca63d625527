import { requireRole } from "../../../../server/auth/guard";
import { renderMarkdown } from "../../../../server/content/markdown";
import { getCaseStudyForEdit } from "../../../../server/content-admin/case-studies";
import { invariantResponse } from "../../../../server/errors";
import type { Route } from "./+types/preview";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Preview: ${data?.caseStudy.title ?? "Case study"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const id = new URL(args.request.url).searchParams.get("id") ?? "";
  invariantResponse(/^[0-9a-f-]{36}$/i.test(id), "Choose a case study to preview.", {
    status: 400,
  });
  const caseStudy = await getCaseStudyForEdit({ db: args.context.db, id });
  invariantResponse(caseStudy, "This case study does not exist.", { status: 404 });
  return {
    caseStudy: {
      id: caseStudy.id,
      title: caseStudy.title,
      client: caseStudy.client,
      industry: caseStudy.industry,
      summary: caseStudy.summary,
      metrics: caseStudy.metrics,
      coverImage: caseStudy.coverImage,
      coverAlt: caseStudy.coverAlt,
      status: caseStudy.status,
    },
    sections: [
      { title: "The challenge", html: renderMarkdown(caseStudy.challenge) },
      { title: "Our solution", html: renderMarkdown(caseStudy.solution) },
      { title: "The results", html: renderMarkdown(caseStudy.results) },
    ],
  };
}

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

/** A draft case study as the public page will show it, marked "Preview". */
export default function CaseStudyPreview({ loaderData }: Route.ComponentProps) {
  const { caseStudy, sections } = loaderData;
  return (
    <>
      <div
        role="status"
        className="sticky top-0 z-50 flex items-center justify-between gap-4 bg-frontier-orange px-4 py-2 text-sm font-semibold text-ink-950"
      >
        <span>Preview · {caseStudy.status}: not visible to visitors until published</span>
        <a href={`/admin/case-studies/edit/${caseStudy.id}`} className="underline">
          Back to the editor
        </a>
      </div>
      <main id="main" className="container-page py-16">
        <article className="mx-auto max-w-4xl">
          <p className="eyebrow">
            {caseStudy.client} · {caseStudy.industry}
          </p>
          <h1 className="heading-xl mt-3">{caseStudy.title}</h1>
          <p className="mt-4 text-lg text-mist-300">{caseStudy.summary}</p>
          {caseStudy.coverImage ? (
            <img
              src={caseStudy.coverImage}
              alt={caseStudy.coverAlt ?? ""}
              className="mt-8 w-full rounded-2xl"
            />
          ) : null}
          {caseStudy.metrics.length ? (
            <dl className="mt-8 grid gap-4 sm:grid-cols-3">
              {caseStudy.metrics.map((metric) => (
                <div key={metric.label} className="card">
                  <dt className="text-sm text-mist-400">{metric.label}</dt>
                  <dd className="heading-md">{metric.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {sections.map((section) => (
            <section key={section.title} className="mt-10">
              <h2 className="heading-lg">{section.title}</h2>
              <div
                className="prose-frontier mt-4"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by server/content/markdown.ts
                dangerouslySetInnerHTML={{ __html: section.html }}
              />
            </section>
          ))}
        </article>
      </main>
    </>
  );
}
