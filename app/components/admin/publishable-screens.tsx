import { type ReactNode, useState } from "react";
import { Form, Link } from "react-router";
import type { PublishableKindInfo } from "#shared/content-admin/kinds.ts";
import { AdminTable } from "./admin-table";
import { ConfirmModal } from "./confirm-modal";
import { PageHeader } from "./page-header";
import type { KeysetPaging } from "./pagination";
import { RevisionHistory } from "./publishing-fields";
import { StatusBadge } from "./status-badge";
import { StatusFilter } from "./status-filter";

const statuses = ["draft", "scheduled", "published"] as const;
const statusLabels = { draft: "Draft", scheduled: "Scheduled", published: "Published" };

type ListRow = {
  id: string;
  title: string;
  slug: string;
  byline: string;
  status: string;
  publishAt: Date | string | null;
  updatedAt: Date | string;
};

/** The list of insights or case studies: search, state filter, preview and public links. */
export function PublishableList({
  kind,
  data,
}: {
  kind: PublishableKindInfo;
  data: {
    rows: ListRow[];
    total: number;
    page: number;
    pageSize: number;
    q?: string;
    status: string;
  } & KeysetPaging;
}) {
  const { rows, total, page, q, status, pageSize, previousCursor, nextCursor, totalIsEstimate } =
    data;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title={kind.plural}
        description={kind.listDescription}
        actions={
          <Link to={`${kind.adminPath}/create`} className="btn-primary">
            New {kind.noun}
          </Link>
        }
      />
      <AdminTable
        label={kind.plural}
        rows={rows}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={total}
        keyset={{ previousCursor, nextCursor, totalIsEstimate }}
        q={q}
        searchLabel={`Search by title, slug or ${kind.byline}`}
        filters={
          <StatusFilter
            id="status-filter"
            statuses={statuses}
            labels={statusLabels}
            value={status}
          />
        }
        emptyMessage={`No ${kind.plural.toLowerCase()} yet.`}
        emptyAction={
          <Link to={`${kind.adminPath}/create`} className="text-frontier-blue underline">
            Write the first one
          </Link>
        }
        columns={[
          {
            key: "title",
            header: "Title",
            cell: (row) => (
              <Link
                to={`${kind.adminPath}/edit/${row.id}`}
                className="font-medium text-white hover:underline"
              >
                {row.title}
              </Link>
            ),
          },
          {
            key: kind.byline,
            header: kind.byline.charAt(0).toUpperCase() + kind.byline.slice(1),
            cell: (row) => row.byline,
          },
          {
            key: "status",
            header: "State",
            cell: (row) => <StatusBadge status={row.status} at={row.publishAt} />,
          },
          {
            key: "updated",
            header: "Last changed",
            cell: (row) => (
              <time dateTime={new Date(row.updatedAt).toISOString()}>
                {new Date(row.updatedAt).toLocaleString()}
              </time>
            ),
          },
          {
            key: "actions",
            header: "Actions",
            cell: (row) => (
              <span className="flex gap-3">
                <a
                  href={`${kind.adminPath}/preview?id=${row.id}`}
                  className="text-frontier-blue underline"
                >
                  Preview<span className="sr-only"> {row.title}</span>
                </a>
                {row.status === "published" ? (
                  <a
                    href={`${kind.publicPath}/${row.slug}`}
                    className="text-frontier-blue underline"
                  >
                    View<span className="sr-only"> {row.title}</span>
                  </a>
                ) : null}
              </span>
            ),
          },
        ]}
      />
    </main>
  );
}

/** The create screen around a kind's editor. */
export function PublishableCreateScreen({
  kind,
  children,
}: {
  kind: PublishableKindInfo;
  children: ReactNode;
}) {
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader title={`New ${kind.noun}`} back={{ to: kind.adminPath, label: kind.plural }} />
      {children}
    </main>
  );
}

/** The edit screen around a kind's editor: its versions beside it, and delete with a confirmation. */
export function PublishableEditScreen({
  kind,
  item,
  revisions,
  actions,
  summary,
  children,
}: {
  kind: PublishableKindInfo;
  item: { title: string; slug: string; status: string };
  revisions: Parameters<typeof RevisionHistory>[0]["revisions"];
  /** The kind's own buttons beside Delete (an insight's "Create campaign"). */
  actions?: ReactNode;
  /** Shown above the editor (its own analytics figures). */
  summary?: ReactNode;
  children: ReactNode;
}) {
  const [isDeleting, setDeleting] = useState(false);
  const deleteFormId = `delete-${kind.noun.replaceAll(" ", "-")}`;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title={item.title}
        description={`${statusLabels[item.status as (typeof statuses)[number]] ?? statusLabels.draft} · ${kind.publicPath}/${item.slug}`}
        back={{ to: kind.adminPath, label: kind.plural }}
        actions={
          <>
            {actions}
            <button type="button" className="btn-secondary" onClick={() => setDeleting(true)}>
              Delete
            </button>
          </>
        }
      />
      {summary}
      <div className="grid gap-8 2xl:grid-cols-[minmax(0,1fr)_20rem]">
        {children}
        <RevisionHistory revisions={revisions} />
      </div>
      <ConfirmModal
        open={isDeleting}
        title={`Delete “${item.title}”?`}
        confirmLabel={`Delete ${kind.noun}`}
        isDanger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          const form = document.getElementById(deleteFormId) as HTMLFormElement | null;
          form?.requestSubmit();
        }}
      >
        <p>{kind.deleteNote ? `${kind.deleteNote} ` : ""}This cannot be undone.</p>
      </ConfirmModal>
      <Form method="post" id={deleteFormId} hidden>
        <input type="hidden" name="intent" value="delete" />
      </Form>
    </main>
  );
}
