import { todayIso } from "#server/business/dates.ts";
import { localeFrom } from "#server/business/locale.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { listPortalInvoices } from "#server/portal/invoices.ts";
import { formatMoney } from "#shared/money.ts";
import type { Route } from "./+types/invoices";
import { InvoiceList } from "./invoice-list";
import { StatementForm } from "./statement-form";

export const meta = () => [{ title: "Invoices | Frontier client portal" }];

const OPEN = new Set(["sent", "partially_paid", "overdue"]);

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const invoices = await listPortalInvoices({ db: args.context.db, clientId: viewer.clientId });
  // What is due now, per currency (amounts in different currencies are never added).
  const due = new Map<string, number>();
  for (const invoice of invoices)
    if (OPEN.has(invoice.status))
      due.set(
        invoice.currency,
        (due.get(invoice.currency) ?? 0) + invoice.total - invoice.amountPaid,
      );
  const today = todayIso();
  return {
    invoices,
    due: [...due].map(([currency, amount]) => ({ currency, amount })),
    period: { from: `${today.slice(0, 4)}-01-01`, to: today },
    locale: localeFrom(args.request),
  };
}

export default function PortalInvoices({ loaderData }: Route.ComponentProps) {
  const { invoices, due, period, locale } = loaderData;
  return (
    <main id="main" className="flex flex-col gap-8">
      <div>
        <h1 className="heading-lg">Invoices</h1>
        <p className="mt-2 text-mist-300" data-testid="amount-due">
          {due.length
            ? `Due now: ${due.map((item) => formatMoney(item.amount, item.currency, locale)).join(" and ")}`
            : "Nothing is due. Thank you!"}
        </p>
      </div>
      <InvoiceList invoices={invoices} locale={locale} />
      <StatementForm from={period.from} to={period.to} />
    </main>
  );
}
