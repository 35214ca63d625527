import { Form } from "react-router";
import { Field } from "#app/components/business/fields.tsx";
import { paymentMethodLabel, paymentMethods } from "#shared/business/labels.ts";
import { moneyInputValue } from "#shared/money.ts";

type PaymentFormProps = {
  currency: string;
  /** What is still owed: the amount offered by default. */
  balance: number;
  /** The latest day a payment can have been received on. */
  today: string;
  errors?: Record<string, string[]>;
  isBusy: boolean;
};

/** Records a payment received against the invoice. */
export function PaymentForm({ currency, balance, today, errors, isBusy }: PaymentFormProps) {
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2">
      <Field label={`Amount (${currency})`} name="amount" errors={errors}>
        {(props) => (
          <input
            {...props}
            name="amount"
            inputMode="decimal"
            required
            defaultValue={moneyInputValue(balance, currency)}
            className="field-input"
          />
        )}
      </Field>
      <Field label="Received on" name="paidOn" errors={errors}>
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
      <Field label="Method" name="method" errors={errors}>
        {(props) => (
          <select {...props} name="method" defaultValue="bank_transfer" className="field-input">
            {paymentMethods.map((method) => (
              <option key={method} value={method}>
                {paymentMethodLabel[method]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Reference" name="reference" errors={errors}>
        {(props) => <input {...props} name="reference" maxLength={200} className="field-input" />}
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
  );
}
