import { formatDate } from "#app/components/business/fields.tsx";
import { paymentMethodLabel } from "#shared/business/labels.ts";
import { formatMoney } from "#shared/money.ts";
import type { Route } from "./+types/edit";
import { PaymentForm } from "./payment-form";

type InvoiceData = Route.ComponentProps["loaderData"];

type InvoicePaymentsProps = Pick<InvoiceData, "invoice" | "locale" | "today"> & {
  errors?: Record<string, string[]>;
  isBusy: boolean;
  /** Sent and not yet paid in full: payments can be recorded. */
  isOpen: boolean;
};

/** The payments received so far, and the form for the next one while the invoice is open. */
export function InvoicePayments({
  invoice,
  locale,
  today,
  errors,
  isBusy,
  isOpen,
}: InvoicePaymentsProps) {
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  return (
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
        <PaymentForm
          currency={invoice.currency}
          balance={invoice.total - invoice.amountPaid}
          today={today}
          errors={errors}
          isBusy={isBusy}
        />
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
  );
}
