import { useState } from "react";
import { Form, type ShouldRevalidateFunction, useActionData } from "react-router";
import { CaseStudyEditor } from "~/components/admin/case-study-editor";
import { ConfirmModal } from "~/components/admin/confirm-modal";
import { PageHeader } from "~/components/admin/page-header";
import { RevisionHistory } from "~/components/admin/publishing-fields";
import { formToObject, isBackgroundSubmission } from "~/lib/content-admin/forms";
import { requireRole } from "../../../../server/auth/guard";
import {
  deleteCaseStudy,
  findCaseStudyChoices,
  getCaseStudyForEdit,
  restoreCaseStudyRevision,
  saveCaseStudy,
} from "../../../../server/content-admin/case-studies";
import { findRevisions } from "../../../../server/content-admin/revisions";
import { errorResponse, invariantResponse } from "../../../../server/errors";
import { redirectWithToast } from "../../../../server/toast";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.caseStudy.title ?? "Case study"} · Command center` },
];

export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  isBackgroundSubmission(args) ? false : args.defaultShouldRevalidate;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const caseStudy = await getCaseStudyForEdit({ db, id: args.params.id });
  invariantResponse(caseStudy, "This case study does not exist.", { status: 404 });
  const [choices, revisions] = await Promise.all([
    findCaseStudyChoices({ db, excludeId: caseStudy.id }),
    findRevisions(db, { area: "case-study", recordId: caseStudy.id }),
  ]);
  return { caseStudy, choices, revisions };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { database, clientAddress } = args.context;
  const id = args.params.id;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "save");
  try {
    if (intent === "delete") {
      await deleteCaseStudy({ database, id, actor: user, address: clientAddress });
      return redirectWithToast("/admin/case-studies", { message: "Case study deleted." });
    }
    if (intent === "restore") {
      await restoreCaseStudyRevision({
        database,
        id,
        revisionId: String(form.get("revisionId") ?? ""),
        actor: user,
        address: clientAddress,
      });
      return redirectWithToast(`/admin/case-studies/edit/${id}`, {
        message: "That version is back.",
      });
    }
    const isAutosave = intent === "autosave";
    const saved = await saveCaseStudy({
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
        ? "Case study saved and published."
        : saved.status === "scheduled"
          ? "Case study scheduled."
          : "Draft saved.";
    return redirectWithToast(`/admin/case-studies/edit/${id}`, { message });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function EditCaseStudyScreen({ loaderData }: Route.ComponentProps) {
  const { caseStudy, choices, revisions } = loaderData;
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const [isDeleting, setDeleting] = useState(false);
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title={caseStudy.title}
        description={`${caseStudy.status === "published" ? "Published" : caseStudy.status === "scheduled" ? "Scheduled" : "Draft"} · /case-studies/${caseStudy.slug}`}
        back={{ to: "/admin/case-studies", label: "Case studies" }}
        actions={
          <button type="button" className="btn-secondary" onClick={() => setDeleting(true)}>
            Delete
          </button>
        }
      />
      <div className="grid gap-8 2xl:grid-cols-[minmax(0,1fr)_20rem]">
        <CaseStudyEditor
          key={caseStudy.updatedAt.toString()}
          caseStudy={caseStudy}
          choices={choices}
          errors={failed?.fieldErrors}
          formError={failed?.error}
        />
        <RevisionHistory revisions={revisions} />
      </div>
      <ConfirmModal
        open={isDeleting}
        title={`Delete “${caseStudy.title}”?`}
        confirmLabel="Delete case study"
        isDanger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          const form = document.getElementById("delete-case-study") as HTMLFormElement | null;
          form?.requestSubmit();
        }}
      >
        <p>This cannot be undone.</p>
      </ConfirmModal>
      <Form method="post" id="delete-case-study" hidden>
        <input type="hidden" name="intent" value="delete" />
      </Form>
    </main>
  );
}
