import { Form, Link, useActionData, useNavigation } from "react-router";
import { AdminTable } from "#app/components/admin/admin-table.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ClientFields, emptyClient } from "#app/components/business/client-fields.tsx";
import { FormError, formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { staffActor } from "#server/business/actor.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { listQueryFrom } from "#server/business/list-query.ts";
import { localeFrom } from "#server/business/locale.ts";
import { clientSorts, createClient, findClients } from "#server/clients/clients.ts";
import { archiveLead, convertLead, findLeads, leadSorts } from "#server/clients/leads.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid } from "#server/ids.ts";
import { redirectWithToast } from "#server/toast.ts";
import { clientFormSchema, clientFormValues } from "#shared/business/client-form.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Clients | Command Center" }];

const leadStatuses = ["new", "converted", "archived", "all"] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const url = new URL(args.request.url);
  const locale = localeFrom(args.request);
  if (url.searchParams.get("tab") === "leads") {
    const query = listQueryFrom(url, { sorts: leadSorts, defaultSort: "createdAt" });
    const statusParam = url.searchParams.get("status");
    const status = leadStatuses.find((item) => item === statusParam) ?? "new";
    const leads = await findLeads({ db: args.context.db, query, status });
    return { tab: "leads" as const, locale, query, status, leads };
  }
  const query = listQueryFrom(url, {
    sorts: clientSorts,
    defaultSort: "company",
    defaultDir: "asc",
  });
  const clients = await findClients({ db: args.context.db, query });
  return { tab: "clients" as const, locale, query, clients };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const { db } = args.context;
  const actor = staffActor(user, args.context.clientAddress);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  try {
    if (intent === "create") {
      const input = parseFormValues(clientFormSchema, clientFormValues(form));
      const client = await createClient({ db, actor, input });
      return redirectWithToast(`/admin/clients/${client.id}`, {
        message: `${client.company} added.`,
      });
    }
    const leadId = String(form.get("leadId") ?? "");
    if (!isUuid(leadId)) throw new AppError("INVALID", "Choose a lead.");
    if (intent === "convert") {
      const client = await convertLead({ db, actor, leadId });
      return redirectWithToast(`/admin/clients/${client.id}`, {
        message: `${client.company} is now a client.`,
      });
    }
    if (intent === "archive") {
      await archiveLead({ db, actor, leadId });
      return redirectWithToast("/admin/clients?tab=leads", { message: "Lead archived." });
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  }
}

function Tabs({ active }: { active: "clients" | "leads" }) {
  const tab = (id: "clients" | "leads", label: string, to: string) => (
    <Link
      to={to}
      aria-current={active === id ? "page" : undefined}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold ${active === id ? "bg-frontier-blue/20 text-white" : "text-mist-300 hover:text-white"}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Clients and leads" className="mb-6 flex gap-2">
      {tab("clients", "Clients", "/admin/clients")}
      {tab("leads", "Leads", "/admin/clients?tab=leads")}
    </nav>
  );
}

export default function ClientsIndexScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  const errors = actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined;
  const { locale } = loaderData;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Clients"
        description="The companies you work for, and the leads that may become them."
      />
      <Tabs active={loaderData.tab} />
      <FormError error={actionData?.error} />
      {loaderData.tab === "leads" ? (
        <AdminTable
          label="Leads"
          rows={loaderData.leads.rows}
          rowKey={(lead) => lead.id}
          page={loaderData.leads.page}
          pageSize={loaderData.leads.pageSize}
          total={loaderData.leads.total}
          sort={loaderData.query.sort}
          direction={loaderData.query.dir}
          q={loaderData.query.q}
          searchLabel="Search leads by name, email or company"
          emptyMessage="No leads here. New ones arrive from the contact form and the chat."
          filters={
            <>
              <input type="hidden" name="tab" value="leads" />
              <div>
                <label htmlFor="lead-status" className="field-label">
                  Status
                </label>
                <select
                  id="lead-status"
                  name="status"
                  defaultValue={loaderData.status}
                  className="field-input"
                >
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
                  {lead.service ? (
                    <span className="mr-1 text-mist-400">[{lead.service}]</span>
                  ) : null}
                  {lead.message}
                </p>
              ),
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
                  <Link
                    to={`/admin/clients/${lead.clientId}`}
                    className="text-frontier-blue underline"
                  >
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
      ) : (
        <>
          <details className="card mb-6" open={Boolean(errors)}>
            <summary className="cursor-pointer font-semibold text-white">Add a client</summary>
            <Form method="post" className="mt-5 flex flex-col gap-5">
              <ClientFields initial={emptyClient} errors={errors} />
              <div>
                <button
                  type="submit"
                  name="intent"
                  value="create"
                  disabled={isBusy}
                  className="btn-primary"
                >
                  {isBusy ? "Saving..." : "Add client"}
                </button>
              </div>
            </Form>
          </details>
          <AdminTable
            label="Clients"
            rows={loaderData.clients.rows}
            rowKey={(client) => client.id}
            page={loaderData.clients.page}
            pageSize={loaderData.clients.pageSize}
            total={loaderData.clients.total}
            sort={loaderData.query.sort}
            direction={loaderData.query.dir}
            q={loaderData.query.q}
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
        </>
      )}
    </main>
  );
}
