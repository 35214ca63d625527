import { useState } from "react";
import { useActionData, useNavigation } from "react-router";
import { FormError } from "#app/components/business/fields.tsx";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { todayIso } from "#server/business/dates.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { localeFrom } from "#server/business/locale.ts";
import { findClientChoices } from "#server/clients/choices.ts";
import { AppError, errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import { updateInvoice } from "#server/invoices/editing.ts";
import { recordPayment } from "#server/invoices/payments.ts";
import { getInvoice } from "#server/invoices/queries.ts";
import { sendInvoice } from "#server/invoices/sending.ts";
import { reissueInvoice, voidInvoice } from "#server/invoices/voiding.ts";
import { redirectWithToast } from "#server/toast.ts";
import {
  invoiceFormSchema,
  invoiceFormValues,
  paymentFormSchema,
} from "#shared/business/invoice-form.ts";
import type { Route } from "./+types/edit";
import { InvoiceAmounts } from "./invoice-amounts";
import { InvoiceEditor } from "./invoice-editor";
import { InvoicePageHeader } from "./invoice-page-header";
import { InvoicePayments } from "./invoice-payments";
import { InvoiceRevisions } from "./invoice-revisions";
import { VoidInvoice } from "./void-invoice";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.invoice.number ?? "Invoice"} | Command Center` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const { db } = args.context;
  const invoice = await getInvoice({ db, id: args.params.id });
  invariantResponse(invoice, "Not Found", { status: 404 });
  const clients = await findClientChoices(db, { selectedId: invoice.clientId });
  return { invoice, clients, today: todayIso(), locale: localeFrom(args.request) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const { db, env } = args.context;
  const actor = staffActor(user, args.context.clientAddress);
  const id = args.params.id;
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const back = (message: string, to = `/admin/invoices/edit/${id}`) =>
    redirectWithToast(to, { message });
  try {
    switch (intent) {
      case "save": {
        const { revisionReason, ...input } = parseFormValues(
          invoiceFormSchema,
          invoiceFormValues(form),
        );
        const invoice = await updateInvoice({ db, actor, id, input, revisionReason });
        return back(
          invoice.revision > 1 && revisionReason
            ? `Saved as revision ${invoice.revision}.`
            : "Invoice saved.",
        );
      }
      case "send": {
        const invoice = await sendInvoice({ db, env, actor, id });
        return back(`${invoice.number} sent to ${invoice.client.company} with its PDF.`);
      }
      case "payment": {
        const current = await getInvoice({ db, id });
        invariantResponse(current, "Not Found", { status: 404 });
        const payment = parseFormValues(paymentFormSchema(current.currency), {
          amount: String(form.get("amount") ?? ""),
          paidOn: String(form.get("paidOn") ?? ""),
          method: String(form.get("method") ?? ""),
          reference: String(form.get("reference") ?? ""),
        });
        const { invoice } = await recordPayment({ db, actor, invoiceId: id, ...payment });
        return back(
          invoice.status === "paid" ? `${invoice.number} is paid in full.` : "Payment recorded.",
        );
      }
      case "void": {
        const invoice = await voidInvoice({
          db,
          actor,
          id,
          reason: String(form.get("reason") ?? ""),
        });
        return back(`${invoice.number} is void.`);
      }
      case "reissue": {
        const copy = await reissueInvoice({
          db,
          actor,
          id,
          reason: String(form.get("reason") ?? ""),
        });
        return back(
          `Voided and reissued as ${copy.number}. Check it and send it.`,
          `/admin/invoices/edit/${copy.id}`,
        );
      }
      default:
        throw new AppError("INVALID", "Unknown action.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}

export default function EditInvoiceScreen({ loaderData }: Route.ComponentProps) {
  const { invoice, clients, today, locale } = loaderData;
  const actionData = useActionData<typeof action>();
  const isBusy = useNavigation().state === "submitting";
  const [reason, setReason] = useState("");
  const isOpen = ["sent", "partially_paid", "overdue"].includes(invoice.status);
  const isFinal = invoice.status === "paid" || invoice.status === "void";
  const canVoid = invoice.status !== "void" && invoice.amountPaid === 0;
  return (
    <main id="main" className="p-6 sm:p-10">
      <InvoicePageHeader invoice={invoice} isFinal={isFinal} isBusy={isBusy} />
      <FormError error={actionData?.error} />
      <InvoiceAmounts invoice={invoice} locale={locale} />

      <div className="grid gap-8 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <InvoiceEditor
          invoice={invoice}
          clients={clients}
          locale={locale}
          errors={actionData?.fieldErrors}
          isFinal={isFinal}
        />

        <div className="flex flex-col gap-8">
          <InvoicePayments
            invoice={invoice}
            locale={locale}
            today={today}
            errors={actionData?.fieldErrors}
            isBusy={isBusy}
            isOpen={isOpen}
          />

          {canVoid ? (
            <VoidInvoice
              number={invoice.number}
              reason={reason}
              onReasonChange={setReason}
              errors={actionData?.fieldErrors}
            />
          ) : null}

          {invoice.revisions.length ? (
            <InvoiceRevisions revisions={invoice.revisions} locale={locale} />
          ) : null}
        </div>
      </div>
    </main>
  );
}
