import { useState } from "react";
import { Form, type ShouldRevalidateFunction, useActionData } from "react-router";
import { ConfirmModal } from "~/components/admin/confirm-modal";
import { InsightEditor } from "~/components/admin/insight-editor";
import { PageHeader } from "~/components/admin/page-header";
import { RevisionHistory } from "~/components/admin/publishing-fields";
import { formToObject, isBackgroundSubmission } from "~/lib/content-admin/forms";
import { requireRole } from "../../../../server/auth/guard";
import {
  deleteInsight,
  findInsightChoices,
  getInsightForEdit,
  restoreInsightRevision,
  saveInsight,
} from "../../../../server/content-admin/insights";
import { findRevisions } from "../../../../server/content-admin/revisions";
import { errorResponse, invariantResponse } from "../../../../server/errors";
import { redirectWithToast } from "../../../../server/toast";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.insight.title ?? "Insight"} · Command center` },
];

export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  isBackgroundSubmission(args) ? false : args.defaultShouldRevalidate;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const insight = await getInsightForEdit({ db, id: args.params.id });
  invariantResponse(insight, "This insight does not exist.", { status: 404 });
  const [choices, revisions] = await Promise.all([
    findInsightChoices({ db, excludeId: insight.id }),
    findRevisions(db, { area: "insight", recordId: insight.id }),
  ]);
  return { insight, choices, revisions };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { database, clientAddress } = args.context;
  const id = args.params.id;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "save");
  try {
    if (intent === "delete") {
      await deleteInsight({ database, id, actor: user, address: clientAddress });
      return redirectWithToast("/admin/insights", { message: "Insight deleted." });
    }
    if (intent === "restore") {
      await restoreInsightRevision({
        database,
        id,
        revisionId: String(form.get("revisionId") ?? ""),
        actor: user,
        address: clientAddress,
      });
      return redirectWithToast(`/admin/insights/edit/${id}`, { message: "That version is back." });
    }
    const isAutosave = intent === "autosave";
    const saved = await saveInsight({
      database,
      id,
      input: formToObject(form),
      actor: user,
      address: clientAddress,
      reason: isAutosave ? "autosave" : "save",
    });
    if (isAutosave) return { ok: true as const, savedAt: new Date().toISOString() };
    const message =
      saved.status === "published"
        ? "Insight saved and published."
        : saved.status === "scheduled"
          ? "Insight scheduled."
          : "Draft saved.";
    return redirectWithToast(`/admin/insights/edit/${id}`, { message });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function EditInsightScreen({ loaderData }: Route.ComponentProps) {
  const { insight, choices, revisions } = loaderData;
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const [isDeleting, setDeleting] = useState(false);
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title={insight.title}
        description={`${insight.status === "published" ? "Published" : insight.status === "scheduled" ? "Scheduled" : "Draft"} · /insights/${insight.slug}`}
        back={{ to: "/admin/insights", label: "Insights" }}
        actions={
          <button type="button" className="btn-secondary" onClick={() => setDeleting(true)}>
            Delete
          </button>
        }
      />
      <div className="grid gap-8 2xl:grid-cols-[minmax(0,1fr)_20rem]">
        <InsightEditor
          key={insight.updatedAt.toString()}
          insight={insight}
          choices={choices}
          errors={failed?.fieldErrors}
          formError={failed?.error}
        />
        <RevisionHistory revisions={revisions} />
      </div>
      <ConfirmModal
        open={isDeleting}
        title={`Delete “${insight.title}”?`}
        confirmLabel="Delete insight"
        isDanger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          const form = document.getElementById("delete-insight") as HTMLFormElement | null;
          form?.requestSubmit();
        }}
      >
        <p>Its comments go with it. This cannot be undone.</p>
      </ConfirmModal>
      <Form method="post" id="delete-insight" hidden>
        <input type="hidden" name="intent" value="delete" />
      </Form>
    </main>
  );
}
