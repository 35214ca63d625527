import { Link } from "react-router";
import { AdminTable } from "#app/components/admin/admin-table.tsx";
import { formatDate } from "#app/components/business/fields.tsx";
import type { Route } from "./+types/index";

type ClientsData = Extract<Route.ComponentProps["loaderData"], { tab: "clients" }>;

/** The clients, searchable and sortable, each linking to its detail screen. */
export function ClientsTable({ clients, query, locale }: Omit<ClientsData, "tab">) {
  return (
    <AdminTable
      label="Clients"
      rows={clients.rows}
      rowKey={(client) => client.id}
      page={clients.page}
      pageSize={clients.pageSize}
      total={clients.total}
      keyset={clients}
      sort={query.sort}
      direction={query.dir}
      q={query.q}
      searchLabel="Search clients by company or contact"
      emptyMessage="No clients yet. Add one, or convert a lead."
      columns={[
        {
          key: "company",
          header: "Company",
          isSortable: true,
          cell: (client) => (
            <Link
              to={`/admin/clients/${client.id}`}
              className="font-semibold text-white hover:underline"
            >
              {client.company}
            </Link>
          ),
        },
        {
          key: "contact",
          header: "Primary contact",
          cell: (client) =>
            client.contactName ? (
              <div>
                <p>{client.contactName}</p>
                <p className="text-xs text-mist-400">{client.contactEmail}</p>
              </div>
            ) : (
              "—"
            ),
        },
        { key: "currency", header: "Currency", cell: (client) => client.currency },
        {
          key: "createdAt",
          header: "Added",
          isSortable: true,
          cell: (client) => formatDate(client.createdAt, locale),
        },
      ]}
    />
  );
}
