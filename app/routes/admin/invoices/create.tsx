import { useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { InvoiceForm } from "#app/components/business/invoice-form.tsx";
import { blankLine } from "#app/components/business/line-items-editor.tsx";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { addDays, todayIso } from "#server/business/dates.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { localeFrom } from "#server/business/locale.ts";
import { findClientChoices } from "#server/clients/choices.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid } from "#server/ids.ts";
import { createInvoice } from "#server/invoices/editing.ts";
import { redirectWithToast } from "#server/toast.ts";
import { invoiceFormSchema, invoiceFormValues } from "#shared/business/invoice-form.ts";
import type { Route } from "./+types/create";

export const meta = () => [{ title: "New invoice | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const { url } = args;
  const clientId = url.searchParams.get("clientId") ?? "";
  const clients = await findClientChoices(args.context.db, {
    selectedId: isUuid(clientId) ? clientId : undefined,
  });
  const chosen = clients.choices.find((client) => client.id === clientId);
  const projectId = url.searchParams.get("projectId") ?? "";
  const today = todayIso();
  return {
    clients,
    clientId: chosen?.id ?? "",
    projectId: isUuid(projectId) ? projectId : "",
    currency: chosen?.currency ?? "USD",
    issueDate: today,
    dueDate: addDays(today, 14),
    locale: localeFrom(args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const form = await readForm(args.request);
  try {
    const { revisionReason: _reason, ...input } = parseFormValues(
      invoiceFormSchema,
      invoiceFormValues(form),
    );
    const invoice = await createInvoice({
      db: args.context.db,
      actor: staffActor(user, args.context.clientAddress),
      input,
    });
    return redirectWithToast(`/admin/invoices/edit/${invoice.id}`, {
      message: `Invoice ${invoice.number} saved as a draft.`,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function CreateInvoiceScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="New invoice"
        description="Its number is given when you save it."
        back={{ to: "/admin/invoices", label: "Invoices" }}
      />
      <InvoiceForm
        clients={loaderData.clients}
        locale={loaderData.locale}
        errors={actionData?.fieldErrors}
        error={actionData?.error}
        submitLabel="Save draft"
        initial={{
          clientId: loaderData.clientId,
          projectId: loaderData.projectId,
          currency: loaderData.currency,
          issueDate: loaderData.issueDate,
          dueDate: loaderData.dueDate,
          discountKind: "none",
          discountValue: "",
          notes: "",
          lines: [blankLine()],
        }}
      />
    </main>
  );
}
