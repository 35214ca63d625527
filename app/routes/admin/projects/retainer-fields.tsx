import type { ReactNode } from "react";

export type RetainerAnswer =
  | { ok: false; error: string; fieldErrors?: Record<string, string[]> }
  | undefined;

/** A labelled control of the retainer forms, with its field error from the action. */
export function RetainerField({
  name,
  label,
  hint,
  answer,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  answer?: RetainerAnswer | unknown;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => ReactNode;
}) {
  const id = `retainer-${name}`;
  const error = (answer as RetainerAnswer)?.fieldErrors?.[name]?.[0];
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="field-label text-xs">
        {label}
      </label>
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy.join(" ") || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-mist-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The action's refusal, read out when it arrives. */
export function RetainerRefusal({ answer }: { answer?: RetainerAnswer | unknown }) {
  const error = (answer as RetainerAnswer)?.error;
  if (!error) return null;
  return (
    <p role="alert" className="field-error">
      {error}
    </p>
  );
}

export const inputClass = "field-input py-1.5 text-sm";
