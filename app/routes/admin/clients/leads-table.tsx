import { Form, Link } from "react-router";
import { AdminTable } from "#app/components/admin/admin-table.tsx";
import { TouchpointList } from "#app/components/admin/touchpoint-list.tsx";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import type { Route } from "./+types/index";

type LeadsData = Extract<Route.ComponentProps["loaderData"], { tab: "leads" }>;

type LeadsTableProps = Omit<LeadsData, "tab"> & { isBusy: boolean };

/** The leads from the contact form and the chat, filtered by status, each to convert or archive. */
export function LeadsTable({ leads, touchpoints, query, status, locale, isBusy }: LeadsTableProps) {
  return (
    <AdminTable
      label="Leads"
      rows={leads.rows}
      rowKey={(lead) => lead.id}
      page={leads.page}
      pageSize={leads.pageSize}
      total={leads.total}
      keyset={leads}
      sort={query.sort}
      direction={query.dir}
      q={query.q}
      searchLabel="Search leads by name, email or company"
      emptyMessage="No leads here. New ones arrive from the contact form and the chat."
      filters={
        <>
          <input type="hidden" name="tab" value="leads" />
          <div>
            <label htmlFor="lead-status" className="field-label">
              Status
            </label>
            <select id="lead-status" name="status" defaultValue={status} className="field-input">
              <option value="new">New</option>
              <option value="converted">Converted</option>
              <option value="archived">Archived</option>
              <option value="all">All</option>
            </select>
          </div>
        </>
      }
      columns={[
        {
          key: "name",
          header: "Name",
          isSortable: true,
          cell: (lead) => (
            <div>
              <p className="font-semibold">{lead.name}</p>
              <p className="text-xs text-mist-400">{lead.email}</p>
            </div>
          ),
        },
        { key: "company", header: "Company", cell: (lead) => lead.company ?? "—" },
        {
          key: "message",
          header: "Message",
          cell: (lead) => (
            <p className="line-clamp-2 max-w-md text-mist-300" title={lead.message}>
              {lead.service ? <span className="mr-1 text-mist-400">[{lead.service}]</span> : null}
              {lead.message}
            </p>
          ),
        },
        {
          key: "pages",
          header: "Pages before contact",
          cell: (lead) => {
            const pages = touchpoints[lead.id];
            if (!pages?.length) return <span className="text-mist-400">—</span>;
            return (
              <details>
                <summary className="cursor-pointer text-frontier-blue">
                  {pages.length} {pages.length === 1 ? "page" : "pages"}
                  <span className="sr-only"> before {lead.name} wrote in</span>
                </summary>
                <div className="mt-2 min-w-64">
                  <TouchpointList touchpoints={pages} locale={locale} />
                </div>
              </details>
            );
          },
        },
        {
          key: "createdAt",
          header: "Received",
          isSortable: true,
          cell: (lead) => formatDate(lead.createdAt, locale),
        },
        {
          key: "status",
          header: "Status",
          cell: (lead) => (
            <StatusBadge
              status={lead.status}
              label={lead.status[0].toUpperCase() + lead.status.slice(1)}
            />
          ),
        },
        {
          key: "actions",
          header: "Actions",
          cell: (lead) =>
            lead.status === "converted" && lead.clientId ? (
              <Link to={`/admin/clients/${lead.clientId}`} className="text-frontier-blue underline">
                Open client
              </Link>
            ) : (
              <div className="flex gap-2">
                <Form method="post">
                  <input type="hidden" name="leadId" value={lead.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="convert"
                    disabled={isBusy}
                    className="btn-primary px-3 py-1 text-xs"
                    aria-label={`Convert ${lead.name} to a client`}
                  >
                    Convert to client
                  </button>
                </Form>
                {lead.status === "new" ? (
                  <Form method="post">
                    <input type="hidden" name="leadId" value={lead.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="archive"
                      disabled={isBusy}
                      className="btn-secondary px-3 py-1 text-xs"
                      aria-label={`Archive the lead from ${lead.name}`}
                    >
                      Archive
                    </button>
                  </Form>
                ) : null}
              </div>
            ),
        },
      ]}
    />
  );
}
