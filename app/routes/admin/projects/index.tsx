import { Link } from "react-router";
import { AdminTable } from "#app/components/admin/admin-table.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { StatusFilter } from "#app/components/admin/status-filter.tsx";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { listQueryFrom } from "#server/business/list-query.ts";
import { localeFrom } from "#server/business/locale.ts";
import { findProjects, projectSorts } from "#server/projects/projects.ts";
import { projectStatusLabel } from "#shared/business/labels.ts";
import { projectStatuses } from "#shared/business/project-form.ts";
import { formatMoney } from "#shared/money.ts";
import { statusFilterFrom } from "#shared/status-filter.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Projects | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const { url } = args;
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
        keyset={result}
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
