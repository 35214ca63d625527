import { useState } from "react";
import { commonCurrencies } from "#shared/money.ts";
import { Field } from "./fields";

type Contact = { name: string; email: string; phone: string; role: string };
type ClientValues = {
  company: string;
  billingAddress: string;
  currency: string;
  taxId: string;
  notes: string;
  contacts: Contact[];
};

export const emptyClient: ClientValues = {
  company: "",
  billingAddress: "",
  currency: "USD",
  taxId: "",
  notes: "",
  contacts: [],
};

/** The client form's fields: company, billing details and contacts (the first is primary). */
export function ClientFields({
  initial,
  errors,
}: {
  initial: ClientValues;
  errors?: Record<string, string[] | undefined>;
}) {
  const [contacts, setContacts] = useState<Array<Contact & { key: number }>>(
    (initial.contacts.length
      ? initial.contacts
      : [{ name: "", email: "", phone: "", role: "" }]
    ).map((contact, key) => ({ ...contact, key })),
  );
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <Field label="Company" name="company" errors={errors}>
        {(props) => (
          <input
            {...props}
            name="company"
            required
            maxLength={200}
            defaultValue={initial.company}
            className="field-input"
          />
        )}
      </Field>
      <Field
        label="Currency"
        name="currency"
        errors={errors}
        hint="Proposals and invoices for this client start in it."
      >
        {(props) => (
          <input
            {...props}
            name="currency"
            required
            list="currency-codes"
            maxLength={3}
            defaultValue={initial.currency}
            className="field-input uppercase"
          />
        )}
      </Field>
      <datalist id="currency-codes">
        {commonCurrencies.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      <Field label="Billing address" name="billingAddress" errors={errors}>
        {(props) => (
          <textarea
            {...props}
            name="billingAddress"
            rows={3}
            maxLength={1000}
            defaultValue={initial.billingAddress}
            className="field-input"
          />
        )}
      </Field>
      <Field label="Tax ID" name="taxId" errors={errors}>
        {(props) => (
          <input
            {...props}
            name="taxId"
            maxLength={100}
            defaultValue={initial.taxId}
            className="field-input"
          />
        )}
      </Field>
      <Field label="Notes" name="notes" errors={errors} className="md:col-span-2">
        {(props) => (
          <textarea
            {...props}
            name="notes"
            rows={3}
            maxLength={10000}
            defaultValue={initial.notes}
            className="field-input"
          />
        )}
      </Field>
      <fieldset className="md:col-span-2">
        <legend className="heading-md mb-3">Contacts</legend>
        {errors?.contacts ? <p className="field-error">{errors.contacts[0]}</p> : null}
        <div className="flex flex-col gap-3">
          {contacts.map((contact, index) => (
            <div
              key={contact.key}
              className="grid gap-3 rounded-xl border border-white/10 p-3 sm:grid-cols-2"
            >
              {(["name", "email", "phone", "role"] as const).map((field) => (
                <div key={field}>
                  <label
                    className="field-label text-xs"
                    htmlFor={`contact-${contact.key}-${field}`}
                  >
                    {index === 0 && field === "name"
                      ? "Name (primary contact)"
                      : { name: "Name", email: "Email", phone: "Phone", role: "Role" }[field]}
                  </label>
                  <input
                    id={`contact-${contact.key}-${field}`}
                    name={`contact${field[0].toUpperCase()}${field.slice(1)}`}
                    type={field === "email" ? "email" : field === "phone" ? "tel" : "text"}
                    defaultValue={contact[field]}
                    className="field-input py-1.5 text-sm"
                  />
                  {errors?.[`contacts.${index}.${field}`] ? (
                    <p className="field-error">{errors[`contacts.${index}.${field}`]?.[0]}</p>
                  ) : null}
                </div>
              ))}
              <button
                type="button"
                className="justify-self-end rounded-lg px-2 py-1 text-sm text-mist-400 underline hover:bg-white/10 hover:text-white sm:col-span-2"
                aria-label={`Remove contact ${index + 1}`}
                onClick={() =>
                  setContacts((current) =>
                    current.length > 1
                      ? current.filter((item) => item.key !== contact.key)
                      : current,
                  )
                }
              >
                Remove
              </button>
            </div>
          ))}
        </div>
        <button
          type="button"
          className="btn-secondary mt-3 px-4 py-1.5 text-sm"
          onClick={() =>
            setContacts((current) => [
              ...current,
              { name: "", email: "", phone: "", role: "", key: Date.now() },
            ])
          }
        >
          Add a contact
        </button>
      </fieldset>
    </div>
  );
}
