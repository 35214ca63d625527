import { useState } from "react";
import type { LineItem } from "#shared/business/line-items.ts";
import { documentTotals } from "#shared/business/line-items.ts";
import {
  type DiscountKind,
  formatMoney,
  formatQuantity,
  formatRate,
  moneyInputValue,
  parseMoney,
  parseQuantity,
  parseRate,
} from "#shared/money.ts";

export type EditableLine = {
  key: string;
  description: string;
  quantity: string;
  unitAmount: string;
  taxRate: string;
  kind: "one_off" | "recurring";
  interval: "month" | "year" | "";
};

let counter = 0;
const nextKey = () => `line-${++counter}`;

export function editableLines(
  items: Array<Omit<LineItem, "kind" | "interval"> & Partial<Pick<LineItem, "kind" | "interval">>>,
  currency: string,
): EditableLine[] {
  return items.map((item) => ({
    key: nextKey(),
    description: item.description,
    quantity: formatQuantity(item.quantity),
    unitAmount: moneyInputValue(item.unitAmount, currency),
    taxRate: formatRate(item.taxRateBp),
    kind: item.kind ?? "one_off",
    interval: item.interval ?? "",
  }));
}

export function blankLine(taxRate = "0"): EditableLine {
  return {
    key: nextKey(),
    description: "",
    quantity: "1",
    unitAmount: "",
    taxRate,
    kind: "one_off",
    interval: "",
  };
}

/**
 * Priced lines as repeated form fields (itemDescription, itemQuantity...), with
 * live totals computed by the same code the server uses. The server decides.
 */
export function LineItemsEditor({
  initial,
  currency,
  discountKind,
  discountValue,
  allowRecurring,
  errors,
  locale,
}: {
  initial: EditableLine[];
  currency: string;
  discountKind: DiscountKind;
  discountValue: string;
  allowRecurring: boolean;
  errors?: Record<string, string[] | undefined>;
  locale: string;
}) {
  const [lines, setLines] = useState<EditableLine[]>(initial.length ? initial : [blankLine()]);
  const update = (key: string, patch: Partial<EditableLine>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const parsed: LineItem[] = lines
    .filter((line) => line.description.trim() || line.unitAmount.trim())
    .map((line) => ({
      description: line.description,
      quantity: parseQuantity(line.quantity || "1") ?? 0,
      unitAmount: parseMoney(line.unitAmount || "0", currency) ?? 0,
      taxRateBp: parseRate(line.taxRate || "0") ?? 0,
      kind: line.kind,
      interval: line.kind === "recurring" ? (line.interval === "year" ? "year" : "month") : null,
    }));
  const discount =
    discountKind === "percent"
      ? (parseRate(discountValue || "0") ?? 0)
      : discountKind === "amount"
        ? (parseMoney(discountValue || "0", currency) ?? 0)
        : 0;
  const totals = documentTotals(parsed, discountKind, discount);
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const cell = "field-input px-2 py-1.5 text-sm";
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="heading-md mb-2">Line items</legend>
      {errors?.items ? <p className="field-error">{errors.items[0]}</p> : null}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] text-sm">
          <thead className="text-left text-xs uppercase tracking-wider text-mist-400">
            <tr>
              <th scope="col" className="pb-2 pr-2">
                Description
              </th>
              <th scope="col" className="w-20 pb-2 pr-2">
                Qty
              </th>
              <th scope="col" className="w-32 pb-2 pr-2">
                Unit price ({currency})
              </th>
              <th scope="col" className="w-20 pb-2 pr-2">
                Tax %
              </th>
              {allowRecurring ? (
                <th scope="col" className="w-36 pb-2 pr-2">
                  Billing
                </th>
              ) : null}
              <th scope="col" className="w-10 pb-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const errorOf = (field: string) => errors?.[`items.${index}.${field}`]?.[0];
              const rowError =
                errorOf("description") ??
                errorOf("quantity") ??
                errorOf("unitAmount") ??
                errorOf("taxRate");
              return (
                <tr key={line.key} className="align-top">
                  <td className="pb-2 pr-2">
                    <input
                      name="itemDescription"
                      aria-label={`Line ${index + 1} description`}
                      className={cell}
                      value={line.description}
                      maxLength={500}
                      onChange={(event) => update(line.key, { description: event.target.value })}
                    />
                    {rowError ? <p className="field-error">{rowError}</p> : null}
                  </td>
                  <td className="pb-2 pr-2">
                    <input
                      name="itemQuantity"
                      aria-label={`Line ${index + 1} quantity`}
                      inputMode="decimal"
                      className={cell}
                      value={line.quantity}
                      onChange={(event) => update(line.key, { quantity: event.target.value })}
                    />
                  </td>
                  <td className="pb-2 pr-2">
                    <input
                      name="itemUnitAmount"
                      aria-label={`Line ${index + 1} unit price`}
                      inputMode="decimal"
                      className={cell}
                      value={line.unitAmount}
                      onChange={(event) => update(line.key, { unitAmount: event.target.value })}
                    />
                  </td>
                  <td className="pb-2 pr-2">
                    <input
                      name="itemTaxRate"
                      aria-label={`Line ${index + 1} tax rate in percent`}
                      inputMode="decimal"
                      className={cell}
                      value={line.taxRate}
                      onChange={(event) => update(line.key, { taxRate: event.target.value })}
                    />
                  </td>
                  {allowRecurring ? (
                    <td className="pb-2 pr-2">
                      <select
                        aria-label={`Line ${index + 1} billing`}
                        className={cell}
                        value={line.kind === "recurring" ? line.interval || "month" : "one_off"}
                        onChange={(event) =>
                          update(
                            line.key,
                            event.target.value === "one_off"
                              ? { kind: "one_off", interval: "" }
                              : {
                                  kind: "recurring",
                                  interval: event.target.value as "month" | "year",
                                },
                          )
                        }
                      >
                        <option value="one_off">One-off</option>
                        <option value="month">Monthly</option>
                        <option value="year">Yearly</option>
                      </select>
                      <input type="hidden" name="itemKind" value={line.kind} />
                      <input
                        type="hidden"
                        name="itemInterval"
                        value={line.kind === "recurring" ? line.interval || "month" : ""}
                      />
                    </td>
                  ) : null}
                  <td className="pb-2">
                    <button
                      type="button"
                      className="rounded-lg px-2 py-1.5 text-mist-400 hover:bg-white/10 hover:text-white"
                      aria-label={`Remove line ${index + 1}`}
                      onClick={() =>
                        setLines((current) =>
                          current.length > 1
                            ? current.filter((item) => item.key !== line.key)
                            : [blankLine()],
                        )
                      }
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div>
        <button
          type="button"
          className="btn-secondary px-4 py-1.5 text-sm"
          onClick={() =>
            setLines((current) => [...current, blankLine(current.at(-1)?.taxRate ?? "0")])
          }
        >
          Add a line
        </button>
      </div>
      <dl
        className="ml-auto grid w-full max-w-sm grid-cols-2 gap-x-4 gap-y-1 text-sm"
        aria-live="polite"
      >
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
        <dd className="text-right font-semibold text-white" data-testid="document-total">
          {money(totals.oneOff.total)}
        </dd>
        {totals.monthly.total ? (
          <>
            <dt className="text-mist-400">Monthly</dt>
            <dd className="text-right">{money(totals.monthly.total)}</dd>
          </>
        ) : null}
        {totals.yearly.total ? (
          <>
            <dt className="text-mist-400">Yearly</dt>
            <dd className="text-right">{money(totals.yearly.total)}</dd>
          </>
        ) : null}
      </dl>
    </fieldset>
  );
}
