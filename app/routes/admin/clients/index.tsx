import { useActionData, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { FormError } from "#app/components/business/fields.tsx";
import { findLeadTouchpoints } from "#server/analytics/touchpoints.ts";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
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
import { AddClientForm } from "./add-client-form";
import { ClientsTable } from "./clients-table";
import { ClientsTabs } from "./clients-tabs";
import { LeadsTable } from "./leads-table";

export const meta = () => [{ title: "Clients | Command Center" }];

const leadStatuses = ["new", "converted", "archived", "all"] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const { url } = args;
  const locale = localeFrom(args.request);
  if (url.searchParams.get("tab") === "leads") {
    const query = listQueryFrom(url, { sorts: leadSorts, defaultSort: "createdAt" });
    const statusParam = url.searchParams.get("status");
    const status = leadStatuses.find((item) => item === statusParam) ?? "new";
    const leads = await findLeads({ db: args.context.db, query, status });
    const touchpoints = await findLeadTouchpoints({
      db: args.context.db,
      leadIds: leads.rows.map((lead) => lead.id),
    });
    return {
      tab: "leads" as const,
      locale,
      query,
      status,
      leads,
      touchpoints: Object.fromEntries(touchpoints),
    };
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

export default function ClientsIndexScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  const errors = actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Clients"
        description="The companies you work for, and the leads that may become them."
      />
      <ClientsTabs active={loaderData.tab} />
      <FormError error={actionData?.error} />
      {loaderData.tab === "leads" ? (
        <LeadsTable
          leads={loaderData.leads}
          touchpoints={loaderData.touchpoints}
          query={loaderData.query}
          status={loaderData.status}
          locale={loaderData.locale}
          isBusy={isBusy}
        />
      ) : (
        <>
          <AddClientForm errors={errors} isBusy={isBusy} />
          <ClientsTable
            clients={loaderData.clients}
            query={loaderData.query}
            locale={loaderData.locale}
          />
        </>
      )}
    </main>
  );
}
