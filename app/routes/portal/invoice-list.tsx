import { Link } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { invoiceStatusLabel } from "#shared/business/labels.ts";
import { formatMoney } from "#shared/money.ts";

export type PortalInvoiceRow = {
  id: string;
  number: string;
  status: keyof typeof invoiceStatusLabel;
  currency: string;
  issueDate: string;
  dueDate: string;
  total: number;
  amountPaid: number;
};

/** Invoices as rows that fold onto two lines on a phone: number and state, dates, amounts. */
export function InvoiceList({
  invoices,
  locale,
}: {
  invoices: PortalInvoiceRow[];
  locale: string;
}) {
  if (!invoices.length) return <p className="text-mist-400">No invoices yet.</p>;
  return (
    <ul className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-ink-900/70">
      {invoices.map((invoice) => {
        const due = invoice.status === "void" ? 0 : invoice.total - invoice.amountPaid;
        return (
          <li
            key={invoice.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3"
          >
            <div className="min-w-0">
              <Link
                to={`/portal/invoices/${invoice.id}`}
                className="font-semibold text-white underline-offset-2 hover:underline"
              >
                {invoice.number}
              </Link>{" "}
              <StatusBadge status={invoice.status} label={invoiceStatusLabel[invoice.status]} />
              <p className="text-sm text-mist-400">
                Issued {formatDate(invoice.issueDate, locale)} · due{" "}
                {formatDate(invoice.dueDate, locale)}
              </p>
            </div>
            <div className="text-right text-sm">
              <p className="font-semibold text-white">
                {formatMoney(invoice.total, invoice.currency, locale)}
              </p>
              <p className={due > 0 ? "text-orange-200" : "text-mist-400"}>
                {due > 0 ? `${formatMoney(due, invoice.currency, locale)} due` : "Nothing due"}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
