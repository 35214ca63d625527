import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { PageHeader } from "~/components/admin/page-header";
import { StatusFilter } from "~/components/admin/status-filter";
import { formatDate } from "~/components/business/fields";
import { StatusBadge } from "~/components/business/status-badge";
import { projectStatusLabel } from "~/lib/business/labels";
import { projectStatuses } from "~/lib/business/project-form";
import { formatMoney } from "~/lib/money";
import { statusFilterFrom } from "~/lib/status-filter";
import { requireRole } from "../../../../server/auth/guard";
import { listQueryFrom } from "../../../../server/business/list-query";
import { localeFrom } from "../../../../server/business/locale";
import { findProjects, projectSorts } from "../../../../server/projects/projects";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Projects | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const url = new URL(args.request.url);
  const query = listQueryFrom(url, { sorts: projectSorts, defaultSort: "createdAt" });
  const status = statusFilterFrom(url, projectStatuses);
  const result = await findProjects({ db: args.context.db, query, status });
  return { result, query, status: status ?? "", locale: localeFrom(args.request) };
}

export default function ProjectsScreen({ loaderData }: Route.ComponentProps) {
  const { result, query, locale } = loaderData;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Projects"
        actions={
          <Link to="/admin/projects/create" className="btn-primary px-5 py-2">
            New project
          </Link>
        }
      />
      <AdminTable
        label="Projects"
        rows={result.rows}
        rowKey={(row) => row.id}
        page={result.page}
        pageSize={result.pageSize}
        total={result.total}
        sort={query.sort}
        direction={query.dir}
        q={query.q}
        searchLabel="Search by name or client"
        emptyMessage="No projects yet. Accepted proposals start them."
        filters={
          <StatusFilter
            id="project-status"
            statuses={projectStatuses}
            labels={projectStatusLabel}
            value={loaderData.status}
          />
        }
        columns={[
          {
            key: "name",
            header: "Project",
            isSortable: true,
            cell: (row) => (
              <Link
                to={`/admin/projects/edit/${row.id}`}
                className="font-semibold text-white hover:underline"
              >
                {row.name}
              </Link>
            ),
          },
          { key: "company", header: "Client", isSortable: true, cell: (row) => row.company },
          {
            key: "status",
            header: "Status",
            isSortable: true,
            cell: (row) => (
              <StatusBadge status={row.status} label={projectStatusLabel[row.status]} />
            ),
          },
          {
            key: "dueDate",
            header: "Due",
            isSortable: true,
            cell: (row) => formatDate(row.dueDate, locale),
          },
          {
            key: "budget",
            header: "Budget",
            className: "text-right",
            cell: (row) =>
              row.budgetAmount ? formatMoney(row.budgetAmount, row.currency, locale) : "—",
          },
        ]}
      />
    </main>
  );
}
