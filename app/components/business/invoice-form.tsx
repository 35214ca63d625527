import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { DiscountKind } from "#shared/money.ts";
import type { ClientMenu } from "./client-picker";
import { Field, FormError } from "./fields";
import { type EditableLine, LineItemsEditor } from "./line-items-editor";
import { ClientCurrencyFields, DiscountFields } from "./pricing-fields";

export type InvoiceFormValues = {
  clientId: string;
  projectId: string;
  currency: string;
  issueDate: string;
  dueDate: string;
  discountKind: DiscountKind;
  discountValue: string;
  notes: string;
  lines: EditableLine[];
};

type Props = {
  initial: InvoiceFormValues;
  clients: ClientMenu;
  errors?: Record<string, string[] | undefined>;
  error?: string;
  submitLabel: string;
  locale: string;
  /** A sent invoice changes only with a reason, kept as a revision. */
  needsReason?: boolean;
  isLocked?: boolean;
};

export function InvoiceForm({
  initial,
  clients,
  errors,
  error,
  submitLabel,
  locale,
  needsReason,
  isLocked,
}: Props) {
  const [currency, setCurrency] = useState(initial.currency);
  const [discountKind, setDiscountKind] = useState<DiscountKind>(initial.discountKind);
  const [discountValue, setDiscountValue] = useState(initial.discountValue);
  const isBusy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-col gap-6">
      <input type="hidden" name="projectId" value={initial.projectId} />
      <FormError error={error} />
      <div className="grid gap-5 md:grid-cols-2">
        <ClientCurrencyFields
          clients={clients}
          defaultClientId={initial.clientId}
          currency={currency}
          onCurrencyChange={setCurrency}
          errors={errors}
          listId="invoice-currencies"
        />
        <Field label="Issue date" name="issueDate" errors={errors}>
          {(props) => (
            <input
              {...props}
              type="date"
              name="issueDate"
              required
              defaultValue={initial.issueDate}
              className="field-input"
            />
          )}
        </Field>
        <Field label="Due date" name="dueDate" errors={errors}>
          {(props) => (
            <input
              {...props}
              type="date"
              name="dueDate"
              required
              defaultValue={initial.dueDate}
              className="field-input"
            />
          )}
        </Field>
      </div>
      <LineItemsEditor
        initial={initial.lines}
        currency={currency || "USD"}
        discountKind={discountKind}
        discountValue={discountValue}
        allowRecurring={false}
        errors={errors}
        locale={locale}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <DiscountFields
          kind={discountKind}
          value={discountValue}
          currency={currency}
          onKindChange={setDiscountKind}
          onValueChange={setDiscountValue}
          errors={errors}
        />
        <Field
          label="Notes to the client"
          name="notes"
          errors={errors}
          className="md:col-span-2"
          hint="Payment instructions, bank details, a thank-you."
        >
          {(props) => (
            <textarea
              {...props}
              name="notes"
              rows={3}
              maxLength={5000}
              defaultValue={initial.notes}
              className="field-input"
            />
          )}
        </Field>
        {needsReason ? (
          <Field
            label="Reason for this revision"
            name="revisionReason"
            errors={errors}
            className="md:col-span-2"
            hint="The client already has this invoice: the previous version is kept, with this reason."
          >
            {(props) => (
              <input
                {...props}
                name="revisionReason"
                required
                maxLength={500}
                className="field-input"
              />
            )}
          </Field>
        ) : null}
      </div>
      {isLocked ? null : (
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="save"
            className="btn-primary"
            disabled={isBusy}
          >
            {isBusy ? "Saving..." : submitLabel}
          </button>
        </div>
      )}
    </Form>
  );
}
