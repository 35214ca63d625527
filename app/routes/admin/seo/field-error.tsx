import type { FieldErrors } from "#app/components/admin/text-fields.tsx";

/** The first error the action found in one field, if any. */
export function FieldError({ errors, name }: { errors: FieldErrors; name: string }) {
  return errors?.[name] ? <p className="field-error">{errors[name][0]}</p> : null;
}
