import { useActionData } from "react-router";
import { PreviewBanner } from "#app/components/admin/preview-banner.tsx";
import { PageBlocks } from "#app/components/pages/page-blocks.tsx";
import { loadPagePreview, previewPageAction } from "#server/pages/page-routes.ts";
import type { Route } from "./+types/preview";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Preview: ${data?.title ?? "Page"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export const loader = (args: Route.LoaderArgs) => loadPagePreview(args);

/** The editor posts its unsaved copy here (in a new tab). */
export const action = (args: Route.ActionArgs) => previewPageAction(args);

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

/** A page as the site renders it (the same PageBlocks), from the editor's copy or the saved one. */
export default function PagePreview({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>();
  const view = posted?.ok ? posted : loaderData;
  const problem = posted && !posted.ok ? posted.error : undefined;
  return (
    <>
      <PreviewBanner status={view.status} editPath={`/admin/pages/edit/${view.id}`} />
      {problem ? (
        <p role="alert" className="container-page field-error mt-4">
          Showing the saved page: {problem}
        </p>
      ) : null}
      <main id="main" className="container-page">
        <PageBlocks blocks={view.blocks} data={view.data} partKey={`preview:${view.id}`} />
      </main>
    </>
  );
}
