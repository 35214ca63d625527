import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { DiscountKind } from "#shared/money.ts";
import type { ClientMenu } from "./client-picker";
import { Field, FormError } from "./fields";
import { type EditableLine, LineItemsEditor } from "./line-items-editor";
import { ClientCurrencyFields, DiscountFields } from "./pricing-fields";

export type ProposalFormValues = {
  title: string;
  clientId: string;
  scope: string;
  approach: string;
  timeline: string;
  terms: string;
  currency: string;
  discountKind: DiscountKind;
  discountValue: string;
  depositPercent: string;
  validUntil: string;
  lines: EditableLine[];
};

type Props = {
  initial: ProposalFormValues;
  clients: ClientMenu;
  errors?: Record<string, string[] | undefined>;
  error?: string;
  submitLabel: string;
  locale: string;
  extraActions?: React.ReactNode;
};

const sections = [
  { name: "scope", label: "Scope", hint: "What we will deliver. Markdown." },
  { name: "approach", label: "Approach", hint: "How we will work. Markdown." },
  { name: "timeline", label: "Timeline", hint: "Phases and dates. Markdown." },
  {
    name: "terms",
    label: "Terms",
    hint: "Payment terms and conditions the client agrees to. Markdown.",
  },
] as const;

/** Create and edit a proposal: client, Markdown sections, priced lines, discount, deposit, validity. */
export function ProposalForm({
  initial,
  clients,
  errors,
  error,
  submitLabel,
  locale,
  extraActions,
}: Props) {
  const [currency, setCurrency] = useState(initial.currency);
  const [discountKind, setDiscountKind] = useState<DiscountKind>(initial.discountKind);
  const [discountValue, setDiscountValue] = useState(initial.discountValue);
  const isBusy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-col gap-6">
      <FormError error={error} />
      <div className="grid gap-5 md:grid-cols-2">
        <Field label="Title" name="title" errors={errors} className="md:col-span-2">
          {(props) => (
            <input
              {...props}
              name="title"
              required
              maxLength={200}
              defaultValue={initial.title}
              className="field-input"
            />
          )}
        </Field>
        <ClientCurrencyFields
          clients={clients}
          defaultClientId={initial.clientId}
          currency={currency}
          onCurrencyChange={setCurrency}
          errors={errors}
          listId="proposal-currencies"
        />
        <Field
          label="Valid until"
          name="validUntil"
          errors={errors}
          hint="The last day the client can accept."
        >
          {(props) => (
            <input
              {...props}
              type="date"
              name="validUntil"
              required
              defaultValue={initial.validUntil}
              className="field-input"
            />
          )}
        </Field>
        <Field
          label="Deposit on acceptance (%)"
          name="depositPercent"
          errors={errors}
          hint="Invoiced automatically when the client accepts; 0 for none."
        >
          {(props) => (
            <input
              {...props}
              type="number"
              name="depositPercent"
              min={0}
              max={100}
              step={1}
              defaultValue={initial.depositPercent}
              className="field-input"
            />
          )}
        </Field>
      </div>
      {sections.map((section) => (
        <Field
          key={section.name}
          label={section.label}
          name={section.name}
          errors={errors}
          hint={section.hint}
        >
          {(props) => (
            <textarea
              {...props}
              name={section.name}
              rows={5}
              maxLength={50000}
              defaultValue={initial[section.name]}
              className="field-input font-mono text-sm"
            />
          )}
        </Field>
      ))}
      <LineItemsEditor
        initial={initial.lines}
        currency={currency || "USD"}
        discountKind={discountKind}
        discountValue={discountValue}
        allowRecurring
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
          hint="Applies to the one-off items."
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={isBusy}>
          {isBusy ? "Saving..." : submitLabel}
        </button>
        {extraActions}
      </div>
    </Form>
  );
}
