import { Link } from "react-router";
import { AdminTable } from "#app/components/admin/admin-table.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { StatusFilter } from "#app/components/admin/status-filter.tsx";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { listQueryFrom } from "#server/business/list-query.ts";
import { localeFrom } from "#server/business/locale.ts";
import { findInvoices, invoiceSorts } from "#server/invoices/queries.ts";
import { invoiceStatuses, invoiceStatusLabel } from "#shared/business/labels.ts";
import { formatMoney } from "#shared/money.ts";
import { statusFilterFrom } from "#shared/status-filter.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Invoices | Command Center" }];

// Besides each state, the list can show every invoice still waiting for money.
const statusFilters = ["outstanding", ...invoiceStatuses] as const;
const statusFilterLabel = { outstanding: "Outstanding", ...invoiceStatusLabel };

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const { url } = args;
  const query = listQueryFrom(url, { sorts: invoiceSorts, defaultSort: "issueDate" });
  const status = statusFilterFrom(url, statusFilters);
  const result = await findInvoices({ db: args.context.db, query, status });
  return { result, query, status: status ?? "", locale: localeFrom(args.request) };
}

export default function InvoicesScreen({ loaderData }: Route.ComponentProps) {
  const { result, query, locale } = loaderData;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Invoices"
        actions={
          <Link to="/admin/invoices/create" className="btn-primary px-5 py-2">
            New invoice
          </Link>
        }
      />
      <AdminTable
        label="Invoices"
        rows={result.rows}
        rowKey={(row) => row.id}
        page={result.page}
        pageSize={result.pageSize}
        total={result.total}
        keyset={result}
        sort={query.sort}
        direction={query.dir}
        q={query.q}
        searchLabel="Search by number or client"
        emptyMessage="No invoices yet."
        filters={
          <StatusFilter
            id="invoice-status"
            statuses={statusFilters}
            labels={statusFilterLabel}
            value={loaderData.status}
          />
        }
        columns={[
          {
            key: "number",
            header: "Number",
            isSortable: true,
            cell: (row) => (
              <Link
                to={`/admin/invoices/edit/${row.id}`}
                className="font-semibold text-white hover:underline"
              >
                {row.number}
              </Link>
            ),
          },
          { key: "company", header: "Client", isSortable: true, cell: (row) => row.company },
          {
            key: "status",
            header: "Status",
            isSortable: true,
            cell: (row) => (
              <StatusBadge status={row.status} label={invoiceStatusLabel[row.status]} />
            ),
          },
          {
            key: "issueDate",
            header: "Issued",
            isSortable: true,
            cell: (row) => formatDate(row.issueDate, locale),
          },
          {
            key: "dueDate",
            header: "Due",
            isSortable: true,
            cell: (row) => formatDate(row.dueDate, locale),
          },
          {
            key: "total",
            header: "Total",
            isSortable: true,
            className: "text-right",
            cell: (row) => formatMoney(row.total, row.currency, locale),
          },
          {
            key: "balance",
            header: "Balance",
            className: "text-right",
            cell: (row) => formatMoney(row.total - row.amountPaid, row.currency, locale),
          },
        ]}
      />
    </main>
  );
}
