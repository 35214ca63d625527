import { Link } from "react-router";
import { AdminTable } from "#app/components/admin/admin-table.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { StatusFilter } from "#app/components/admin/status-filter.tsx";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { listQueryFrom } from "#server/business/list-query.ts";
import { localeFrom } from "#server/business/locale.ts";
import { findProposals, proposalSorts } from "#server/proposals/queries.ts";
import { proposalStatuses, proposalStatusLabel } from "#shared/business/labels.ts";
import { formatMoney } from "#shared/money.ts";
import { statusFilterFrom } from "#shared/status-filter.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Proposals | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const { url } = args;
  const query = listQueryFrom(url, { sorts: proposalSorts, defaultSort: "createdAt" });
  const status = statusFilterFrom(url, proposalStatuses);
  const result = await findProposals({ db: args.context.db, query, status });
  return { result, query, status: status ?? "", locale: localeFrom(args.request) };
}

export default function ProposalsScreen({ loaderData }: Route.ComponentProps) {
  const { result, query, locale } = loaderData;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Proposals"
        description="Drafts, proposals out with clients, and their answers."
        actions={
          <Link to="/admin/proposals/create" className="btn-primary px-5 py-2">
            New proposal
          </Link>
        }
      />
      <AdminTable
        label="Proposals"
        rows={result.rows}
        rowKey={(row) => row.id}
        page={result.page}
        pageSize={result.pageSize}
        total={result.total}
        keyset={result}
        sort={query.sort}
        direction={query.dir}
        q={query.q}
        searchLabel="Search by title or client"
        emptyMessage="No proposals yet."
        emptyAction={
          <Link to="/admin/proposals/create" className="text-frontier-blue underline">
            Write the first proposal
          </Link>
        }
        filters={
          <StatusFilter
            id="proposal-status"
            statuses={proposalStatuses}
            labels={proposalStatusLabel}
            value={loaderData.status}
          />
        }
        columns={[
          {
            key: "title",
            header: "Title",
            isSortable: true,
            cell: (row) => (
              <Link
                to={`/admin/proposals/edit/${row.id}`}
                className="font-semibold text-white hover:underline"
              >
                {row.title}
              </Link>
            ),
          },
          { key: "company", header: "Client", isSortable: true, cell: (row) => row.company },
          {
            key: "status",
            header: "Status",
            isSortable: true,
            cell: (row) => (
              <StatusBadge status={row.status} label={proposalStatusLabel[row.status]} />
            ),
          },
          {
            key: "total",
            header: "Total",
            isSortable: true,
            className: "text-right",
            cell: (row) => formatMoney(row.total, row.currency, locale),
          },
          {
            key: "validUntil",
            header: "Valid until",
            isSortable: true,
            cell: (row) => formatDate(row.validUntil, locale),
          },
          {
            key: "createdAt",
            header: "Created",
            isSortable: true,
            cell: (row) => formatDate(row.createdAt, locale),
          },
        ]}
      />
    </main>
  );
}
