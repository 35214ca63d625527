import { useState } from "react";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { Field, FormError, formatDate, formatDateTime } from "#app/components/business/fields.tsx";
import { InvoiceForm } from "#app/components/business/invoice-form.tsx";
import { editableLines } from "#app/components/business/line-items-editor.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { staffActor } from "#server/business/actor.ts";
import { todayIso } from "#server/business/dates.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { localeFrom } from "#server/business/locale.ts";
import { listClientChoices } from "#server/clients/clients.ts";
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
import { invoiceStatusLabel, paymentMethodLabel, paymentMethods } from "#shared/business/labels.ts";
import { formatMoney, formatRate, moneyInputValue } from "#shared/money.ts";
import type { Route } from "./+types/edit";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.invoice.number ?? "Invoice"} | Command Center` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const { db } = args.context;
  const [invoice, clients] = await Promise.all([
    getInvoice({ db, id: args.params.id }),
    listClientChoices({ db }),
  ]);
  invariantResponse(invoice, "Not Found", { status: 404 });
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
  const submit = useSubmit();
  const [pending, setPending] = useState<"void" | "reissue" | null>(null);
  const [reason, setReason] = useState("");
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const balance = invoice.total - invoice.amountPaid;
  const isOpen = ["sent", "partially_paid", "overdue"].includes(invoice.status);
  const isFinal = invoice.status === "paid" || invoice.status === "void";
  const canVoid = invoice.status !== "void" && invoice.amountPaid === 0;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title={`Invoice ${invoice.number}`}
        back={{ to: "/admin/invoices", label: "Invoices" }}
        description={
          <span className="flex flex-wrap items-center gap-3">
            <StatusBadge status={invoice.status} label={invoiceStatusLabel[invoice.status]} />
            <Link to={`/admin/clients/${invoice.clientId}`} className="hover:underline">
              {invoice.client.company}
            </Link>
            {invoice.revision > 1 ? (
              <span className="text-mist-400">Revision {invoice.revision}</span>
            ) : null}
            {invoice.kind === "deposit" ? <span className="text-mist-400">Deposit</span> : null}
          </span>
        }
        actions={
          <>
            <a
              href={`/admin/invoices/${invoice.id}/pdf`}
              className="btn-secondary px-4 py-2 text-sm"
              download
            >
              Download PDF
            </a>
            {!isFinal ? (
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="send"
                  className="btn-primary px-4 py-2 text-sm"
                  disabled={isBusy}
                >
                  {invoice.status === "draft" ? "Send to client" : "Send again"}
                </button>
              </Form>
            ) : null}
          </>
        }
      />
      <FormError error={actionData?.error} />
      <section aria-label="Amounts" className="card my-6 grid gap-4 text-sm sm:grid-cols-4">
        <div>
          <p className="text-mist-400">Total</p>
          <p className="text-lg font-semibold text-white" data-testid="invoice-total">
            {money(invoice.total)}
          </p>
        </div>
        <div>
          <p className="text-mist-400">Paid</p>
          <p className="text-lg font-semibold text-white">{money(invoice.amountPaid)}</p>
        </div>
        <div>
          <p className="text-mist-400">Balance due</p>
          <p className="text-lg font-semibold text-white" data-testid="invoice-balance">
            {money(balance)}
          </p>
        </div>
        <div>
          <p className="text-mist-400">Due</p>
          <p className="text-lg font-semibold text-white">{formatDate(invoice.dueDate, locale)}</p>
        </div>
        {invoice.replacesInvoiceId ? (
          <p className="sm:col-span-4">
            Reissue of a voided invoice.{" "}
            <Link
              to={`/admin/invoices/edit/${invoice.replacesInvoiceId}`}
              className="text-frontier-blue underline"
            >
              Open the voided one
            </Link>
          </p>
        ) : null}
        {invoice.replacedBy ? (
          <p className="sm:col-span-4">
            Replaced by{" "}
            <Link
              to={`/admin/invoices/edit/${invoice.replacedBy.id}`}
              className="text-frontier-blue underline"
            >
              {invoice.replacedBy.number}
            </Link>
            .
          </p>
        ) : null}
        {invoice.status === "void" ? (
          <p className="sm:col-span-4 text-red-200">Void: {invoice.voidReason}</p>
        ) : null}
      </section>

      <div className="grid gap-8 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="invoice-lines" className="card">
          <h2 id="invoice-lines" className="heading-md mb-5">
            {isFinal ? "Invoice" : invoice.status === "draft" ? "Edit draft" : "Revise"}
          </h2>
          {isFinal ? (
            <p className="mb-4 text-sm text-mist-400">
              {invoice.status === "paid"
                ? "A paid invoice does not change."
                : "A void invoice does not change."}
            </p>
          ) : null}
          <fieldset disabled={isFinal} className="contents">
            <InvoiceForm
              key={String(invoice.updatedAt)}
              clients={clients}
              locale={locale}
              errors={actionData?.fieldErrors}
              submitLabel={invoice.status === "draft" ? "Save draft" : "Save revision"}
              needsReason={invoice.status !== "draft" && !isFinal}
              isLocked={isFinal}
              initial={{
                clientId: invoice.clientId,
                projectId: invoice.projectId ?? "",
                currency: invoice.currency,
                issueDate: invoice.issueDate,
                dueDate: invoice.dueDate,
                discountKind: invoice.discountKind,
                discountValue:
                  invoice.discountKind === "percent"
                    ? formatRate(invoice.discountValue)
                    : invoice.discountKind === "amount"
                      ? moneyInputValue(invoice.discountValue, invoice.currency)
                      : "",
                notes: invoice.notes,
                lines: editableLines(invoice.items, invoice.currency),
              }}
            />
          </fieldset>
        </section>

        <div className="flex flex-col gap-8">
          <section aria-labelledby="payments" className="card">
            <h2 id="payments" className="heading-md mb-4">
              Payments
            </h2>
            {invoice.payments.length ? (
              <ul className="mb-5 divide-y divide-white/5 text-sm" data-testid="payments">
                {invoice.payments.map((payment) => (
                  <li key={payment.id} className="flex justify-between gap-3 py-2">
                    <span>
                      {formatDate(payment.paidOn, locale)} · {paymentMethodLabel[payment.method]}
                      {payment.reference ? (
                        <span className="text-mist-400"> · {payment.reference}</span>
                      ) : null}
                    </span>
                    <span className="font-semibold">{money(payment.amount)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mb-5 text-sm text-mist-400">No payments yet.</p>
            )}
            {isOpen ? (
              <Form method="post" className="grid gap-3 sm:grid-cols-2">
                <Field
                  label={`Amount (${invoice.currency})`}
                  name="amount"
                  errors={actionData?.fieldErrors}
                >
                  {(props) => (
                    <input
                      {...props}
                      name="amount"
                      inputMode="decimal"
                      required
                      defaultValue={moneyInputValue(balance, invoice.currency)}
                      className="field-input"
                    />
                  )}
                </Field>
                <Field label="Received on" name="paidOn" errors={actionData?.fieldErrors}>
                  {(props) => (
                    <input
                      {...props}
                      type="date"
                      name="paidOn"
                      required
                      max={today}
                      defaultValue={today}
                      className="field-input"
                    />
                  )}
                </Field>
                <Field label="Method" name="method" errors={actionData?.fieldErrors}>
                  {(props) => (
                    <select
                      {...props}
                      name="method"
                      defaultValue="bank_transfer"
                      className="field-input"
                    >
                      {paymentMethods.map((method) => (
                        <option key={method} value={method}>
                          {paymentMethodLabel[method]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label="Reference" name="reference" errors={actionData?.fieldErrors}>
                  {(props) => (
                    <input {...props} name="reference" maxLength={200} className="field-input" />
                  )}
                </Field>
                <div className="sm:col-span-2">
                  <button
                    type="submit"
                    name="intent"
                    value="payment"
                    className="btn-primary px-5 py-2"
                    disabled={isBusy}
                  >
                    Record payment
                  </button>
                </div>
              </Form>
            ) : (
              <p className="text-sm text-mist-400">
                {invoice.status === "draft"
                  ? "Send the invoice before recording payments."
                  : invoice.status === "void"
                    ? "A void invoice takes no payments."
                    : "Paid in full."}
              </p>
            )}
          </section>

          {canVoid ? (
            <section aria-labelledby="void" className="card">
              <h2 id="void" className="heading-md mb-2">
                Void
              </h2>
              <p className="mb-4 text-sm text-mist-300">
                Voiding keeps the number (numbers never have gaps). Reissue makes a new draft copy
                with the next number.
              </p>
              <Field label="Reason" name="reason" errors={actionData?.fieldErrors}>
                {(props) => (
                  <input
                    {...props}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    maxLength={500}
                    className="field-input"
                  />
                )}
              </Field>
              <div className="mt-4 flex flex-wrap gap-3">
                <button
                  type="button"
                  className="btn-secondary px-4 py-2 text-sm"
                  onClick={() => setPending("reissue")}
                >
                  Void and reissue
                </button>
                <button
                  type="button"
                  className="btn-secondary px-4 py-2 text-sm"
                  onClick={() => setPending("void")}
                >
                  Void
                </button>
              </div>
              <ConfirmModal
                open={pending !== null}
                title={
                  pending === "reissue"
                    ? `Void ${invoice.number} and reissue it?`
                    : `Void ${invoice.number}?`
                }
                confirmLabel={pending === "reissue" ? "Void and reissue" : "Void"}
                isDanger
                onCancel={() => setPending(null)}
                onConfirm={() => {
                  const intent = pending;
                  setPending(null);
                  if (intent) submit({ intent, reason }, { method: "post" });
                }}
              >
                This cannot be undone. The client keeps the old number on record as void.
              </ConfirmModal>
            </section>
          ) : null}

          {invoice.revisions.length ? (
            <section aria-labelledby="revisions" className="card">
              <h2 id="revisions" className="heading-md mb-4">
                Revisions
              </h2>
              <ul className="divide-y divide-white/5 text-sm">
                {invoice.revisions.map((revision) => (
                  <li key={revision.id} className="py-2">
                    <p>
                      Revision {revision.revision} replaced on{" "}
                      {formatDateTime(revision.createdAt, locale)}
                    </p>
                    <p className="text-mist-400">{revision.reason}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </main>
  );
}
