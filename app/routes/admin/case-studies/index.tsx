import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { PageHeader } from "~/components/admin/page-header";
import { StatusBadge } from "~/components/admin/status-badge";
import { parseListParams } from "../../../../server/admin/list-params";
import { requireRole } from "../../../../server/auth/guard";
import {
  ADMIN_PAGE_SIZE,
  findCaseStudiesForAdmin,
} from "../../../../server/content-admin/case-studies";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Case studies · Command center" }];

const statuses = ["draft", "scheduled", "published"] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const url = new URL(args.request.url);
  const params = parseListParams(url, {
    sortable: ["updated"],
    defaultSort: "updated",
    pageSize: ADMIN_PAGE_SIZE,
  });
  const statusParam = url.searchParams.get("status");
  const status = statuses.find((value) => value === statusParam);
  const result = await findCaseStudiesForAdmin({
    db: args.context.db,
    search: params.q,
    status,
    page: params.page,
  });
  return { ...result, q: params.q, status: status ?? "", pageSize: ADMIN_PAGE_SIZE };
}

export default function CaseStudiesListScreen({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, q, status, pageSize } = loaderData;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Case studies"
        description="Client stories on the public site: write, schedule and publish."
        actions={
          <Link to="/admin/case-studies/create" className="btn-primary">
            New case study
          </Link>
        }
      />
      <AdminTable
        label="Case studies"
        rows={rows}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={total}
        q={q}
        searchLabel="Search by title, slug or client"
        filters={
          <div>
            <label htmlFor="status-filter" className="field-label">
              State
            </label>
            <select id="status-filter" name="status" defaultValue={status} className="field-input">
              <option value="">Any</option>
              {statuses.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        }
        emptyMessage="No case studies yet."
        emptyAction={
          <Link to="/admin/case-studies/create" className="text-frontier-blue underline">
            Write the first one
          </Link>
        }
        columns={[
          {
            key: "title",
            header: "Title",
            cell: (row) => (
              <Link
                to={`/admin/case-studies/edit/${row.id}`}
                className="font-medium text-white hover:underline"
              >
                {row.title}
              </Link>
            ),
          },
          { key: "client", header: "Client", cell: (row) => row.client },
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
                  href={`/admin/case-studies/preview?id=${row.id}`}
                  className="text-frontier-blue underline"
                >
                  Preview<span className="sr-only"> {row.title}</span>
                </a>
                {row.status === "published" ? (
                  <a href={`/case-studies/${row.slug}`} className="text-frontier-blue underline">
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
