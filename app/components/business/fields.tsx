import type { ReactNode } from "react";
import { dateTimeFormat } from "#shared/intl.ts";

type FieldProps = {
  label: string;
  name: string;
  errors?: Record<string, string[] | undefined>;
  /** The key of the field's errors when it differs from its name ("items.0.quantity"). */
  errorKey?: string;
  hint?: ReactNode;
  className?: string;
  children: (props: {
    id: string;
    "aria-invalid"?: boolean;
    "aria-describedby"?: string;
  }) => ReactNode;
};

/** A labelled control with its hint and error wired up for screen readers. */
export function Field({ label, name, errors, errorKey, hint, className, children }: FieldProps) {
  const id = `field-${name}`;
  const error = errors?.[errorKey ?? name]?.[0];
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
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

/** The form-level error an action answered with. */
export function FormError({ error }: { error?: string }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-400/40 bg-red-900/30 px-4 py-3 text-sm text-red-200"
    >
      {error}
    </p>
  );
}

export function formatDate(value: string | Date | null | undefined, locale: string) {
  if (!value) return "—";
  const date =
    typeof value === "string"
      ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
      : value;
  return dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/**
 * Date and time in UTC. The time is written out by hand: ICU versions differ on
 * the space before AM/PM, and the server's and the browser's text must match.
 */
export function formatDateTime(value: string | Date | null | undefined, locale: string) {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return `${formatDate(date, locale)}, ${date.toISOString().slice(11, 16)} UTC`;
}
