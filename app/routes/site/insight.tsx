import { data, useActionData, useLoaderData } from "react-router";
import { Breadcrumbs } from "#app/components/site/breadcrumbs.tsx";
import { CommentForm, commentFields } from "#app/components/site/comment-form.tsx";
import { InsightCard } from "#app/components/site/content-cards.tsx";
import { InsightArticle } from "#app/components/site/insight-article.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { formatDate } from "#app/lib/format.ts";
import { publicUrlFrom } from "#app/root.tsx";
import { minFillMsOf } from "#server/antispam/antispam.ts";
import { refuseFormSubmission } from "#server/antispam/form-answers.ts";
import { rememberPublicData } from "#server/cache/layout-data.ts";
import { findApprovedComments, submitComment } from "#server/comments/comments.ts";
import { findPublishedInsight, findRelatedInsights } from "#server/content/insights.ts";
import { readForm } from "#server/form-body.ts";
import { COMMENT_AWAITS_MODERATION } from "#shared/comments.ts";
import { absoluteUrl, breadcrumbJsonLd, SITE_NAME, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/insight";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await rememberPublicData(context.db, `insight:${params.slug}`, async () => {
    const insight = await findPublishedInsight({ db: context.db, slug: params.slug });
    if (!insight) return undefined;
    const [related, comments] = await Promise.all([
      findRelatedInsights({ db: context.db, insight }),
      findApprovedComments({ db: context.db, insightId: insight.id }),
    ]);
    return { insight, related, comments };
  });
  if (!found) throw data("Insight not found", { status: 404 });
  return found;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  let form: FormData | undefined;
  try {
    form = await readForm(request);
    // A repeat of a comment already stored gets the same answer (server/antispam/receipts.ts).
    await submitComment({
      db: context.db,
      secret: context.env.AUTH_SECRET,
      slug: params.slug,
      form,
      address: context.clientAddress,
      minFillMs: minFillMsOf(context.env),
    });
    return { ok: true as const, message: COMMENT_AWAITS_MODERATION };
  } catch (error) {
    return refuseFormSubmission({
      error,
      form,
      secret: context.env.AUTH_SECRET,
      fields: commentFields,
    });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const publicUrl = publicUrlFrom(matches);
  if (!loaded) return [{ title: `Insight not found | ${SITE_NAME}` }];
  const { insight } = loaded;
  const path = `/insights/${insight.slug}`;
  const image = insight.socialImage ?? insight.coverImage ?? undefined;
  return seoMeta({
    title: insight.seoTitle ?? insight.title,
    description: insight.seoDescription ?? insight.excerpt,
    path,
    publicUrl,
    image,
    type: "article",
    jsonLd: [
      {
        "@type": "Article",
        headline: insight.title,
        description: insight.excerpt,
        url: absoluteUrl(publicUrl, path),
        mainEntityOfPage: absoluteUrl(publicUrl, path),
        image: image ? absoluteUrl(publicUrl, image) : undefined,
        datePublished: insight.publishedAt
          ? new Date(insight.publishedAt).toISOString()
          : undefined,
        dateModified: new Date(insight.updatedAt).toISOString(),
        author: { "@type": "Person", name: insight.author },
        publisher: { "@type": "Organization", name: SITE_NAME, url: publicUrl || undefined },
        keywords: insight.tags.join(", "),
        timeRequired: `PT${insight.readingMinutes}M`,
        commentCount: loaded.comments.length,
      },
      breadcrumbJsonLd(publicUrl, [
        ["Home", "/"],
        ["Insights", "/insights"],
        [insight.title, path],
      ]),
    ],
  });
};

export default function InsightPage() {
  const found = useLoaderData<typeof loader>();
  const { insight, related, comments } = found;
  const documentResult = useActionData<typeof action>();
  // All but the comment form is the same for every reader until the insight, its comments
  // or its related articles change: rendered once (decision 737).
  return (
    <main id="main" className="container-page">
      <StaticPart data={found} partKey="article">
        <Breadcrumbs
          trail={[
            ["Home", "/"],
            ["Insights", "/insights"],
            [insight.title, `/insights/${insight.slug}`],
          ]}
        />
        <InsightArticle insight={insight} />
      </StaticPart>
      <section aria-labelledby="comments-heading" className="mx-auto mt-16 max-w-3xl">
        <StaticPart data={found} partKey="comments">
          <h2 id="comments-heading" className="heading-lg mb-6">
            Comments ({comments.length})
          </h2>
          {comments.length ? (
            <ol className="mb-10 flex flex-col gap-4">
              {comments.map((comment) => (
                <li key={comment.id} className="card">
                  <p className="text-sm text-mist-400">
                    <span className="font-semibold text-mist-100">{comment.name}</span> ·{" "}
                    <time dateTime={new Date(comment.createdAt).toISOString()}>
                      {formatDate(comment.createdAt)}
                    </time>
                  </p>
                  <p className="mt-2 whitespace-pre-line text-mist-300">{comment.body}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mb-10 text-mist-300">No comments yet. Start the conversation.</p>
          )}
        </StaticPart>
        <CommentForm documentResult={documentResult} />
      </section>
      {related.length ? (
        <StaticPart
          as="section"
          data={found}
          partKey="related"
          aria-labelledby="related-heading"
          className="mt-20"
        >
          <h2 id="related-heading" className="heading-lg mb-8">
            Keep reading
          </h2>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {related.map((item) => (
              <li key={item.id}>
                <InsightCard insight={item} headingLevel={3} />
              </li>
            ))}
          </ul>
        </StaticPart>
      ) : null}
    </main>
  );
}
