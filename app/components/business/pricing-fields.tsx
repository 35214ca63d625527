import type { DiscountKind } from "#shared/money.ts";
import { commonCurrencies } from "#shared/money.ts";
import { type ClientMenu, ClientPicker } from "./client-picker";
import { Field } from "./fields";

type Errors = Record<string, string[] | undefined>;

/** The client a record is for; choosing one hands its currency to `onCurrencyChange`. */
export function ClientSelect({
  clients,
  defaultClientId,
  onCurrencyChange,
  errors,
}: {
  clients: ClientMenu;
  defaultClientId: string;
  onCurrencyChange: (currency: string) => void;
  errors?: Errors;
}) {
  return (
    <Field label="Client" name="clientId" errors={errors}>
      {(props) => (
        <ClientPicker
          {...props}
          name="clientId"
          required
          menu={clients}
          defaultClientId={defaultClientId}
          emptyLabel="Choose a client"
          onChoose={(client) => {
            if (client) onCurrencyChange(client.currency);
          }}
        />
      )}
    </Field>
  );
}

/** A three-letter currency code, upper-cased as it is typed. */
export function CurrencyInput({
  currency,
  onCurrencyChange,
  errors,
  listId,
}: {
  currency: string;
  onCurrencyChange: (currency: string) => void;
  errors?: Errors;
  /** The id of a list of suggestions (`CurrencySuggestions`), when there is one. */
  listId?: string;
}) {
  return (
    <Field label="Currency" name="currency" errors={errors}>
      {(props) => (
        <input
          {...props}
          name="currency"
          required
          list={listId}
          maxLength={3}
          value={currency}
          onChange={(event) => onCurrencyChange(event.target.value.toUpperCase())}
          className="field-input uppercase"
        />
      )}
    </Field>
  );
}

/**
 * The client a priced document is for and its currency, which follows the client when one
 * is chosen, with the common currencies suggested (proposals and invoices).
 */
export function ClientCurrencyFields({
  clients,
  defaultClientId,
  currency,
  onCurrencyChange,
  errors,
  listId,
}: {
  clients: ClientMenu;
  defaultClientId: string;
  currency: string;
  onCurrencyChange: (currency: string) => void;
  errors?: Errors;
  /** The id of the currency suggestions, unique on the page. */
  listId: string;
}) {
  return (
    <>
      <ClientSelect
        clients={clients}
        defaultClientId={defaultClientId}
        onCurrencyChange={onCurrencyChange}
        errors={errors}
      />
      <CurrencyInput
        currency={currency}
        onCurrencyChange={onCurrencyChange}
        errors={errors}
        listId={listId}
      />
      <datalist id={listId}>
        {commonCurrencies.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
    </>
  );
}

/** The discount of a priced document: none, a percentage or a fixed amount. */
export function DiscountFields({
  kind,
  value,
  currency,
  onKindChange,
  onValueChange,
  errors,
  hint,
}: {
  kind: DiscountKind;
  value: string;
  currency: string;
  onKindChange: (kind: DiscountKind) => void;
  onValueChange: (value: string) => void;
  errors?: Errors;
  hint?: string;
}) {
  return (
    <>
      <Field label="Discount" name="discountKind" errors={errors} hint={hint}>
        {(props) => (
          <select
            {...props}
            name="discountKind"
            value={kind}
            onChange={(event) => onKindChange(event.target.value as DiscountKind)}
            className="field-input"
          >
            <option value="none">No discount</option>
            <option value="percent">Percent</option>
            <option value="amount">Fixed amount</option>
          </select>
        )}
      </Field>
      {kind !== "none" ? (
        <Field
          label={kind === "percent" ? "Discount (%)" : `Discount (${currency})`}
          name="discountValue"
          errors={errors}
        >
          {(props) => (
            <input
              {...props}
              name="discountValue"
              inputMode="decimal"
              value={value}
              onChange={(event) => onValueChange(event.target.value)}
              className="field-input"
            />
          )}
        </Field>
      ) : null}
    </>
  );
}
