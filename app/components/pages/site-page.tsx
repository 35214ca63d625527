import { type ComponentProps, Suspense, useContext, useState } from "react";
import { Breadcrumbs } from "#app/components/site/breadcrumbs.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { useIsHydrating } from "#app/lib/use-is-hydrating.ts";
import { blockTypes } from "#shared/pages/block-types.ts";
import type { SitePageView } from "#shared/pages/view.ts";
import { seoMeta } from "#shared/seo.ts";
import type { PageBlocks } from "./page-blocks";
import { LazyPageBlocks, PageBlocksRendering } from "./page-blocks-rendering";

/**
 * The blocks, drawn by the components the server gives or loaded when first needed. Blocks the
 * server drew sit in a Suspense boundary on both sides, so a form the server drew waits, still
 * the server's, until its components arrive and hydrate it. Blocks a client-side navigation
 * mounts have none: while their components load, the navigation's transition keeps the page
 * the visitor is on, and the new page arrives whole, so Back finds it tall enough to return
 * to where the visitor was (decision 821). `eager` is read by the page, outside its static
 * part: a part is rendered apart, without the providers of the page around it.
 */
function Blocks({
  eager,
  ...props
}: ComponentProps<typeof PageBlocks> & { eager: typeof PageBlocks | null }) {
  const Drawn = eager ?? LazyPageBlocks;
  // Read once, when the element mounts: its tree keeps one shape for its life.
  const [drawnByServer] = useState(useIsHydrating());
  if (!drawnByServer) return <Drawn {...props} />;
  return (
    <Suspense fallback={null}>
      <Drawn {...props} />
    </Suspense>
  );
}

/**
 * A live page as the site shows it (Home, FAQ, a landing page). A page that answers nobody is
 * one static part, its `main` (decision 737); a page with a form keeps its other blocks in
 * static parts around the form.
 */
export function SitePage({
  view,
  trail,
}: {
  view: SitePageView;
  /** A breadcrumb trail above the blocks (a service guide's); drawn from the page alone. */
  trail?: Array<[label: string, path: string]>;
}) {
  const eager = useContext(PageBlocksRendering);
  const partKey = `page:${view.path}`;
  const hasForm = view.blocks.some((block) => blockTypes[block.type].interactive);
  const breadcrumbs = trail ? <Breadcrumbs trail={trail} /> : null;
  if (!hasForm)
    return (
      <StaticPart as="main" data={view} partKey={partKey} id="main" className="container-page">
        {breadcrumbs}
        <Blocks eager={eager} blocks={view.blocks} data={view.data} partKey={partKey} />
      </StaticPart>
    );
  return (
    <main id="main" className="container-page">
      {breadcrumbs}
      <Blocks eager={eager} blocks={view.blocks} data={view.data} partKey={partKey} keep={view} />
    </main>
  );
}

/** The FAQPage JSON-LD of a page's FAQ blocks, if it has any. */
export function faqJsonLd(view: SitePageView) {
  const questions = view.blocks.flatMap((block) => (block.type === "faqList" ? block.items : []));
  if (!questions.length) return [];
  return [
    {
      "@type": "FAQPage",
      mainEntity: questions.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    },
  ];
}

/** A page's title, description, canonical and robots, with the route's own JSON-LD. */
export function sitePageMeta(
  view: SitePageView,
  publicUrl: string,
  jsonLd: Array<Record<string, unknown>> = [],
) {
  return seoMeta({
    title: view.seoTitle || view.title,
    description: view.seoDescription || "",
    path: view.path,
    publicUrl,
    image: view.socialImage ?? undefined,
    noindex: view.isNoindex,
    jsonLd: [...jsonLd, ...faqJsonLd(view)],
  });
}
