import { Field } from "#app/components/business/fields.tsx";

export type FieldErrors = Record<string, string[]> | undefined;

/** A one-line text field: `Field`'s label, hint and first error around an input. */
export function TextField({
  name,
  label,
  defaultValue,
  errors,
  hint,
  onChange,
  value,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  errors: FieldErrors;
  hint?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <Field name={name} label={label} errors={errors} hint={hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          className="field-input"
          defaultValue={value === undefined ? defaultValue : undefined}
          value={value}
          onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        />
      )}
    </Field>
  );
}

/** A plain multi-line field; `isWide` spans both columns of a two-column grid. */
export function TextAreaField({
  name,
  label,
  defaultValue,
  errors,
  rows,
  isWide = false,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  errors: FieldErrors;
  rows: number;
  isWide?: boolean;
}) {
  return (
    <Field
      name={name}
      label={label}
      errors={errors}
      className={isWide ? "md:col-span-2" : undefined}
    >
      {(props) => (
        <textarea
          {...props}
          name={name}
          rows={rows}
          className="field-input"
          defaultValue={defaultValue}
        />
      )}
    </Field>
  );
}
