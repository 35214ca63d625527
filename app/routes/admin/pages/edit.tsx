import { type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { PageEditor } from "#app/components/admin/page-editor/page-editor.tsx";
import { PickerChoicesProvider } from "#app/components/admin/page-editor/pickers.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { RevisionHistory } from "#app/components/admin/publishing-fields.tsx";
import { StatusBadge } from "#app/components/admin/status-badge.tsx";
import { editPageAction, loadPageEdit } from "#server/pages/page-routes.ts";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.page.title ?? "Page"} · Command center` },
];

export const loader = (args: Route.LoaderArgs) => loadPageEdit(args);

export const action = (args: Route.ActionArgs) => editPageAction(args);

/** A conflict keeps the editor as it is (what was typed, the version it opened). */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return false;
  return defaultShouldRevalidate;
}

export default function EditPageScreen({ loaderData }: Route.ComponentProps) {
  const { page, revisions, choices } = loaderData;
  const actionData = useActionData<typeof action>();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title={page.title}
        description={page.path}
        back={{ to: "/admin/pages", label: "Pages" }}
        actions={
          <>
            <StatusBadge status={page.status} at={page.publishAt} />
            {page.status === "published" ? (
              <a href={page.path} className="btn-secondary">
                View on the site
              </a>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <PickerChoicesProvider value={choices}>
          <PageEditor
            key={`${page.id}:${page.version}`}
            id={page.id}
            version={page.version}
            status={page.status}
            isHome={page.isHome}
            publishAt={page.publishAt ? new Date(page.publishAt).toISOString() : null}
            page={page}
            failure={failure}
          />
        </PickerChoicesProvider>
        <aside>
          <RevisionHistory revisions={revisions} />
        </aside>
      </div>
    </main>
  );
}
