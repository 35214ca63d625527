import { Form, useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { FormError } from "#app/components/business/fields.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { todayIso } from "#server/business/dates.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { localeFrom } from "#server/business/locale.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { createInvoiceFromTime, previewTimeInvoice } from "#server/time/billing.ts";
import { listLoggableProjects } from "#server/time/entries.ts";
import { isAdmin, timeViewerOf } from "#server/time/records.ts";
import { redirectWithToast } from "#server/toast.ts";
import { formatMoney } from "#shared/money.ts";
import {
  formatMinutes,
  invoiceFromTimeSchema,
  invoiceGroupingLabel,
  invoiceGroupings,
} from "#shared/time.ts";
import type { Route } from "./+types/invoice";
import { ProjectOptions, TimeTabs } from "./time-tabs";

export const meta = () => [{ title: "Invoice hours | Command Center" }];

function formValues(source: URLSearchParams | FormData) {
  return {
    projectId: String(source.get("projectId") ?? ""),
    from: String(source.get("from") ?? ""),
    to: String(source.get("to") ?? ""),
    groupBy: String(source.get("groupBy") ?? "person"),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "staff");
  const { db } = args.context;
  const today = todayIso();
  const values = formValues(args.url.searchParams);
  const defaults = { from: `${today.slice(0, 7)}-01`, to: today, groupBy: "person", projectId: "" };
  const shown = {
    ...defaults,
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value)),
  };
  let preview: Awaited<ReturnType<typeof previewTimeInvoice>> | null = null;
  let error: string | undefined;
  let fieldErrors: Record<string, string[]> | undefined;
  if (values.projectId) {
    try {
      const input = parseFormValues(invoiceFromTimeSchema, shown);
      preview = await previewTimeInvoice({ db, input });
    } catch (caught) {
      if (!(caught instanceof AppError)) throw caught;
      error = caught.message;
      fieldErrors = caught.fieldErrors;
    }
  }
  return {
    projects: await listLoggableProjects(db),
    values: shown,
    preview,
    error,
    fieldErrors,
    isAdmin: isAdmin(timeViewerOf(user, args.context.clientAddress)),
    locale: localeFrom(args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const form = await readForm(args.request);
  try {
    const input = parseFormValues(invoiceFromTimeSchema, formValues(form));
    const { invoice, entryCount } = await createInvoiceFromTime({
      db: args.context.db,
      viewer: timeViewerOf(user, args.context.clientAddress),
      input,
      today: todayIso(),
    });
    return redirectWithToast(`/admin/invoices/edit/${invoice.id}`, {
      message: `Draft ${invoice.number} made from ${entryCount} ${entryCount === 1 ? "entry" : "entries"}; they are marked billed.`,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function InvoiceHoursScreen({ loaderData }: Route.ComponentProps) {
  const { projects, values, preview, locale } = loaderData;
  const actionData = useActionData<typeof action>();
  const error =
    (actionData && "error" in actionData ? actionData.error : undefined) ?? loaderData.error;
  const fieldErrors = loaderData.fieldErrors;
  const money = (amount: number) => formatMoney(amount, preview?.project.currency ?? "USD", locale);
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Invoice hours"
        description="A project's unbilled billable time of a period becomes a draft invoice; its entries are marked billed at once."
      />
      <TimeTabs isAdmin={loaderData.isAdmin} />
      <Form
        method="get"
        className="card mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <div className="lg:col-span-2">
          <label htmlFor="invoice-project" className="field-label">
            Project
          </label>
          <select
            id="invoice-project"
            name="projectId"
            defaultValue={values.projectId}
            required
            className="field-input"
          >
            <option value="">Choose a project</option>
            <ProjectOptions projects={projects} />
          </select>
        </div>
        <div>
          <label htmlFor="invoice-from" className="field-label">
            From
          </label>
          <input
            id="invoice-from"
            type="date"
            name="from"
            defaultValue={values.from}
            required
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="invoice-to" className="field-label">
            To
          </label>
          <input
            id="invoice-to"
            type="date"
            name="to"
            defaultValue={values.to}
            required
            className="field-input"
            aria-invalid={fieldErrors?.to ? true : undefined}
          />
          {fieldErrors?.to ? <p className="field-error">{fieldErrors.to[0]}</p> : null}
        </div>
        <div>
          <label htmlFor="invoice-group" className="field-label">
            Lines
          </label>
          <select
            id="invoice-group"
            name="groupBy"
            defaultValue={values.groupBy}
            className="field-input"
          >
            {invoiceGroupings.map((grouping) => (
              <option key={grouping} value={grouping}>
                {invoiceGroupingLabel[grouping]}
              </option>
            ))}
          </select>
        </div>
        <div className="lg:col-span-5">
          <button type="submit" className="btn-secondary px-5 py-2">
            Preview
          </button>
        </div>
      </Form>
      <FormError error={error} />
      {preview ? (
        <section
          aria-labelledby="preview-heading"
          className="card mt-4"
          data-testid="invoice-preview"
        >
          <h2 id="preview-heading" className="heading-md">
            {preview.project.name}: {preview.entryCount} unbilled{" "}
            {preview.entryCount === 1 ? "entry" : "entries"}
          </h2>
          <p className="mt-1 text-sm text-mist-400">
            {formatMinutes(preview.loggedMinutes)} logged, {formatMinutes(preview.billedMinutes)}{" "}
            billed
            {preview.roundingMinutes
              ? ` (each entry rounded up to ${preview.roundingMinutes} minutes)`
              : ""}
            .
          </p>
          {preview.missingRates.length ? (
            <p role="alert" className="field-error mt-2">
              No billing rate in {preview.project.currency} for {preview.missingRates.join(", ")}:
              set one under People and rates, or on the project.
            </p>
          ) : null}
          {preview.lines.length ? (
            <table className="mt-4 w-full text-sm">
              <thead>
                <tr className="border-b border-white/10 text-left text-mist-400">
                  <th scope="col" className="py-2 font-medium">
                    Line
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Hours
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Rate
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.lines.map((line) => (
                  <tr
                    key={`${line.description}-${line.unitAmount}`}
                    className="border-b border-white/5"
                  >
                    <td className="py-2">{line.description}</td>
                    <td className="py-2 text-right font-mono tabular-nums">
                      {(line.quantity / 100).toFixed(2)}
                    </td>
                    <td className="py-2 text-right">{money(line.unitAmount)}</td>
                    <td className="py-2 text-right">{money(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3} className="py-2 text-right">
                    Total before tax
                  </th>
                  <td
                    className="py-2 text-right font-semibold text-white"
                    data-testid="preview-total"
                  >
                    {money(preview.total)}
                  </td>
                </tr>
              </tfoot>
            </table>
          ) : (
            <p className="mt-3 text-sm text-mist-400">Nothing to bill in this period.</p>
          )}
          {preview.lines.length && !preview.missingRates.length ? (
            <Form method="post" className="mt-4">
              {Object.entries(values).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="btn-primary px-5 py-2">
                Make the draft invoice
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}
