import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { PageHeader } from "~/components/admin/page-header";
import { StatusFilter } from "~/components/admin/status-filter";
import { formatDate } from "~/components/business/fields";
import { StatusBadge } from "~/components/business/status-badge";
import { proposalStatuses, proposalStatusLabel } from "~/lib/business/labels";
import { formatMoney } from "~/lib/money";
import { statusFilterFrom } from "~/lib/status-filter";
import { requireRole } from "../../../../server/auth/guard";
import { listQueryFrom } from "../../../../server/business/list-query";
import { localeFrom } from "../../../../server/business/locale";
import { findProposals, proposalSorts } from "../../../../server/proposals/proposals";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Proposals | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const url = new URL(args.request.url);
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
