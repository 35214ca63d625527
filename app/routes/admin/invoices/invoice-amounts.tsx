import { Link } from "react-router";
import { formatDate, formatDateTime } from "#app/components/business/fields.tsx";
import { formatMoney } from "#shared/money.ts";
import type { Route } from "./+types/edit";

type InvoiceData = Route.ComponentProps["loaderData"];

/** Total, paid, balance and due date, and where the invoice stands among its reissues. */
export function InvoiceAmounts({ invoice, locale }: Pick<InvoiceData, "invoice" | "locale">) {
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const balance = invoice.total - invoice.amountPaid;
  return (
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
      {invoice.sentAt ? (
        <p className="text-mist-300 sm:col-span-4" data-testid="invoice-seen">
          Sent {formatDateTime(invoice.sentAt, locale)} ·{" "}
          {invoice.firstViewedAt
            ? `First opened in the client portal ${formatDateTime(invoice.firstViewedAt, locale)}`
            : "Not opened in the client portal yet"}
        </p>
      ) : null}
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
  );
}
