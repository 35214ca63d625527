import { Link } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { localeFrom } from "#server/business/locale.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { portalData } from "#server/portal/http.ts";
import { openPortalInvoice } from "#server/portal/invoices.ts";
import { invoiceStatusLabel, paymentMethodLabel } from "#shared/business/labels.ts";
import { formatMoney, formatQuantity, lineAmount } from "#shared/money.ts";
import type { Route } from "./+types/invoice";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.invoice.number ?? "Invoice"} | Frontier client portal` },
];

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const invoice = await portalData(() =>
    openPortalInvoice({
      db: args.context.db,
      viewer,
      invoiceId: args.params.id,
      address: args.context.clientAddress,
    }),
  );
  return {
    invoice: {
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      currency: invoice.currency,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      subtotal: invoice.subtotal,
      discountTotal: invoice.discountTotal,
      taxTotal: invoice.taxTotal,
      total: invoice.total,
      amountPaid: invoice.amountPaid,
      notes: invoice.notes,
      voidReason: invoice.voidReason,
      items: invoice.items.map(({ id, description, quantity, unitAmount }) => ({
        id,
        description,
        quantity,
        unitAmount,
      })),
      payments: invoice.payments.map(({ id, amount, paidOn, method }) => ({
        id,
        amount,
        paidOn,
        method,
      })),
    },
    locale: localeFrom(args.request),
  };
}

export default function PortalInvoice({ loaderData }: Route.ComponentProps) {
  const { invoice, locale } = loaderData;
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const balance = invoice.status === "void" ? 0 : invoice.total - invoice.amountPaid;
  const totals: Array<[string, number]> = [["Subtotal", invoice.subtotal]];
  if (invoice.discountTotal) totals.push(["Discount", -invoice.discountTotal]);
  if (invoice.taxTotal) totals.push(["Tax", invoice.taxTotal]);
  totals.push(["Total", invoice.total]);
  if (invoice.amountPaid) totals.push(["Paid", -invoice.amountPaid]);
  return (
    <main id="main">
      <Link to="/portal/invoices" className="text-sm text-mist-400 hover:text-white">
        ← Invoices
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="heading-lg">Invoice {invoice.number}</h1>
        <StatusBadge status={invoice.status} label={invoiceStatusLabel[invoice.status]} />
      </div>
      <p className="mt-2 text-mist-300">
        Issued {formatDate(invoice.issueDate, locale)} · due {formatDate(invoice.dueDate, locale)}
      </p>
      <div className="card mt-6 flex flex-wrap items-center justify-between gap-4">
        <p>
          <span className="block text-sm text-mist-400">Amount due</span>
          <span className="text-2xl font-semibold text-white" data-testid="invoice-balance">
            {money(balance)}
          </span>
        </p>
        <a href={`/portal/invoices/${invoice.id}/pdf`} className="btn-primary px-5 py-2.5" download>
          Download PDF
        </a>
      </div>
      {invoice.status === "void" ? (
        <p role="status" className="card mt-4 text-mist-300">
          This invoice was cancelled{invoice.voidReason ? `: ${invoice.voidReason}` : "."} Nothing
          is due on it.
        </p>
      ) : null}
      <section aria-labelledby="items-title" className="mt-8">
        <h2 id="items-title" className="heading-md mb-3">
          Items
        </h2>
        <ul className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-ink-900/70">
          {invoice.items.map((item) => (
            <li key={item.id} className="flex flex-wrap justify-between gap-x-4 px-4 py-3 text-sm">
              <span className="text-white">{item.description}</span>
              <span className="text-mist-300">
                {formatQuantity(item.quantity)} × {money(item.unitAmount)} ={" "}
                <span className="text-white">{money(lineAmount(item))}</span>
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 ml-auto flex max-w-xs flex-col gap-1 text-sm">
          {totals.map(([label, amount]) => (
            <div key={label} className="flex justify-between gap-6">
              <dt className="text-mist-400">{label}</dt>
              <dd className={label === "Total" ? "font-semibold text-white" : "text-mist-100"}>
                {money(amount)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {invoice.payments.length ? (
        <section aria-labelledby="payments-title" className="mt-8">
          <h2 id="payments-title" className="heading-md mb-3">
            Payments received
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {invoice.payments.map((payment) => (
              <li
                key={payment.id}
                className="flex justify-between gap-4 rounded-lg bg-white/5 px-3 py-2"
              >
                <span>
                  {formatDate(payment.paidOn, locale)} · {paymentMethodLabel[payment.method]}
                </span>
                <span className="text-white">{money(payment.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {invoice.notes ? (
        <p className="mt-8 whitespace-pre-line text-sm text-mist-300">{invoice.notes}</p>
      ) : null}
    </main>
  );
}
