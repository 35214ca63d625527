import { proposalTotals } from "#shared/business/proposal-form.ts";
import { formatMoney, formatQuantity, formatRate, lineAmount } from "#shared/money.ts";
import type { Route } from "./+types/proposal";

type ProposalData = Route.ComponentProps["loaderData"];

/** The priced items and the totals: one-off, recurring and the deposit due on acceptance. */
export function ProposalInvestment({
  proposal,
  locale,
}: Pick<ProposalData, "proposal" | "locale">) {
  const totals = proposalTotals(proposal);
  const money = (amount: number) => formatMoney(amount, proposal.currency, locale);
  return (
    <section className="mt-10" aria-labelledby="investment" data-engagement-section="investment">
      <h2 id="investment" className="heading-md mb-3">
        Investment
      </h2>
      <div className="overflow-x-auto rounded-2xl border border-white/10">
        <table className="w-full text-sm sm:min-w-[32rem]">
          <thead className="bg-ink-800/80 text-left text-xs uppercase tracking-wider text-mist-400">
            <tr>
              <th scope="col" className="px-2 py-2 sm:px-4">
                Item
              </th>
              <th scope="col" className="px-2 py-2 sm:px-4 text-right">
                Qty
              </th>
              <th scope="col" className="px-2 py-2 sm:px-4 text-right">
                Price
              </th>
              <th scope="col" className="px-2 py-2 sm:px-4 text-right">
                Tax
              </th>
              <th scope="col" className="px-2 py-2 sm:px-4 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {proposal.items.map((item) => (
              <tr key={item.id}>
                <td className="px-2 py-2 sm:px-4">
                  {item.description}
                  {item.kind === "recurring" ? (
                    <span className="text-mist-400"> (per {item.interval})</span>
                  ) : null}
                </td>
                <td className="px-2 py-2 sm:px-4 text-right">{formatQuantity(item.quantity)}</td>
                <td className="px-2 py-2 sm:px-4 text-right">{money(item.unitAmount)}</td>
                <td className="px-2 py-2 sm:px-4 text-right">{formatRate(item.taxRateBp)}%</td>
                <td className="px-2 py-2 sm:px-4 text-right">{money(lineAmount(item))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto mt-4 grid max-w-xs grid-cols-2 gap-y-1 text-sm">
        <dt className="text-mist-400">Subtotal</dt>
        <dd className="text-right">{money(totals.oneOff.subtotal)}</dd>
        {totals.oneOff.discount ? (
          <>
            <dt className="text-mist-400">Discount</dt>
            <dd className="text-right">−{money(totals.oneOff.discount)}</dd>
          </>
        ) : null}
        {totals.oneOff.taxes.map((tax) => (
          <div key={tax.rateBp} className="contents">
            <dt className="text-mist-400">Tax {formatRate(tax.rateBp)}%</dt>
            <dd className="text-right">{money(tax.amount)}</dd>
          </div>
        ))}
        <dt className="font-semibold text-white">Total</dt>
        <dd className="text-right font-semibold text-white" data-testid="proposal-total">
          {money(totals.oneOff.total)}
        </dd>
        {totals.monthly.total ? (
          <>
            <dt className="text-mist-400">Then monthly</dt>
            <dd className="text-right">{money(totals.monthly.total)}</dd>
          </>
        ) : null}
        {totals.yearly.total ? (
          <>
            <dt className="text-mist-400">Then yearly</dt>
            <dd className="text-right">{money(totals.yearly.total)}</dd>
          </>
        ) : null}
        {totals.deposit ? (
          <>
            <dt className="text-mist-400">Deposit on acceptance ({proposal.depositPercent}%)</dt>
            <dd className="text-right">{money(totals.deposit)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
