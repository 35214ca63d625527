import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { KeysetPagination } from "#app/components/admin/pagination.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { pageFrom } from "#server/business/list-query.ts";
import {
  type CommentTab,
  commentTabs,
  findCommentsForModeration,
  moderateComments,
} from "#server/content-admin/comments.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
import { listCountText } from "#shared/list-count.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Comments · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { url } = args;
  const tab = commentTabs.find((value) => value === url.searchParams.get("tab")) ?? "pending";
  const page = pageFrom(url);
  const result = await findCommentsForModeration({
    db: args.context.db,
    status: tab,
    page,
    after: url.searchParams.get("after") ?? undefined,
    before: url.searchParams.get("before") ?? undefined,
  });
  return { ...result, tab, tabs: commentTabs };
}

const done: Record<string, string> = {
  approve: "approved",
  reject: "rejected",
  spam: "marked as spam",
  delete: "deleted",
};

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  try {
    const result = await moderateComments({
      database: args.context.database,
      input: { intent: form.get("intent"), ids: form.getAll("ids") },
      actor: user,
      address: args.context.clientAddress,
    });
    const { url } = args;
    return redirectWithToast(`/admin/comments${url.search}`, {
      message: `${result.count} comment${result.count === 1 ? "" : "s"} ${done[result.intent]}.`,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

const tabLabels: Record<CommentTab, string> = {
  pending: "Pending",
  approved: "Approved",
  spam: "Spam",
  rejected: "Rejected",
};

export default function CommentsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, counts, estimated, tab, total, tabs, previousCursor, nextCursor } = loaderData;
  const [selected, setSelected] = useState<string[]>([]);
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );
  const actions = (["approve", "reject", "spam", "delete"] as const).filter(
    (intent) =>
      !(intent === "approve" && tab === "approved") &&
      !(intent === "spam" && tab === "spam") &&
      !(intent === "reject" && tab === "rejected"),
  );
  const labels = { approve: "Approve", reject: "Reject", spam: "Mark as spam", delete: "Delete" };
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Comments"
        description="Readers' comments on insights wait here until approved."
      />
      <nav aria-label="Comment states" className="mb-6 flex flex-wrap gap-2">
        {tabs.map((value) => (
          <Link
            key={value}
            to={`?tab=${value}`}
            aria-current={value === tab ? "page" : undefined}
            className={`rounded-full px-4 py-2 text-sm ${value === tab ? "bg-frontier-blue text-white" : "bg-white/5 text-mist-300 hover:text-white"}`}
            onClick={() => setSelected([])}
          >
            {tabLabels[value]} ({listCountText(counts[value], estimated[value])})
          </Link>
        ))}
      </nav>
      {actionData && !actionData.ok ? (
        <p className="field-error mb-4" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" id="bulk" className="mb-4 flex flex-wrap items-center gap-3">
        <span className="text-sm text-mist-300">{selected.length} selected</span>
        {selected.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        {actions.map((intent) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            className="btn-secondary px-4 py-1.5 text-sm"
            disabled={selected.length === 0 || isBusy}
          >
            {labels[intent]} selected
          </button>
        ))}
      </Form>
      {rows.length === 0 ? (
        <p className="card text-mist-300">No {tabLabels[tab].toLowerCase()} comments.</p>
      ) : (
        <>
          <label className="mb-2 flex items-center gap-2 text-sm text-mist-300">
            <input
              type="checkbox"
              checked={selected.length === rows.length}
              onChange={(event) =>
                setSelected(event.target.checked ? rows.map((row) => row.id) : [])
              }
            />
            Select all on this page
          </label>
          <ul className="space-y-3">
            {rows.map((row) => (
              <li key={row.id} className="card flex gap-4 p-4" data-comment={row.id}>
                <input
                  type="checkbox"
                  aria-label={`Select the comment by ${row.name}`}
                  checked={selected.includes(row.id)}
                  onChange={() => toggle(row.id)}
                  className="mt-1"
                />
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-mist-400">
                    <strong className="text-white">{row.name}</strong> ({row.email}) on{" "}
                    <a
                      href={`/insights/${row.insightSlug}`}
                      className="text-frontier-blue underline"
                    >
                      {row.insightTitle}
                    </a>{" "}
                    ·{" "}
                    <time dateTime={new Date(row.createdAt).toISOString()}>
                      {new Date(row.createdAt).toLocaleString()}
                    </time>
                  </p>
                  <p className="mt-2 whitespace-pre-wrap text-mist-100">{row.body}</p>
                  <Form method="post" className="mt-3 flex flex-wrap gap-3 text-sm">
                    <input type="hidden" name="ids" value={row.id} />
                    {actions.map((intent) => (
                      <button
                        key={intent}
                        type="submit"
                        name="intent"
                        value={intent}
                        disabled={isBusy}
                        className="text-frontier-blue underline disabled:opacity-50"
                      >
                        {labels[intent]}
                        <span className="sr-only"> the comment by {row.name}</span>
                      </button>
                    ))}
                  </Form>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <KeysetPagination
              previousCursor={previousCursor}
              nextCursor={nextCursor}
              total={total}
              totalIsEstimate={estimated[tab]}
            />
          </div>
        </>
      )}
    </main>
  );
}
