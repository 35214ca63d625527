export type FieldErrors = Record<string, string[]> | undefined;

/** A one-line text field with its label, hint and first error. */
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
    <div>
      <label htmlFor={name} className="field-label">
        {label}
      </label>
      <input
        id={name}
        name={name}
        className="field-input"
        defaultValue={value === undefined ? defaultValue : undefined}
        value={value}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={hint ? `${name}-hint` : undefined}
      />
      {hint ? (
        <p id={`${name}-hint`} className="text-xs text-mist-400">
          {hint}
        </p>
      ) : null}
      {errors?.[name] ? <p className="field-error">{errors[name][0]}</p> : null}
    </div>
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
    <div className={isWide ? "md:col-span-2" : undefined}>
      <label htmlFor={name} className="field-label">
        {label}
      </label>
      <textarea
        id={name}
        name={name}
        rows={rows}
        className="field-input"
        defaultValue={defaultValue}
      />
      {errors?.[name] ? <p className="field-error">{errors[name][0]}</p> : null}
    </div>
  );
}
