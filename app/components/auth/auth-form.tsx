import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { useToast } from "#app/components/ui/toasts.tsx";

export type FormResult =
  | { ok: false; error: string; fieldErrors?: Record<string, string[]> }
  | { ok: true; message?: string }
  | undefined;

export const NETWORK_ERROR_MESSAGE =
  "We could not reach the server. Check your connection and try again.";

/**
 * Runs the server action and turns a failed connection into a message the
 * form can show (instead of the error page).
 */
export async function withNetworkError<T>(serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || !(error instanceof TypeError)) throw error;
    return { ok: false as const, error: NETWORK_ERROR_MESSAGE };
  }
}

/** Shows the action's error as a red toast (and its success message as a green one). */
export function useResultToast(result: FormResult) {
  const { show } = useToast();
  useEffect(() => {
    if (!result) return;
    if (!result.ok) show({ message: result.error, type: "error" });
    else if (result.message) show({ message: result.message, type: "success" });
  }, [result, show]);
}

/** The centred card the sign-in, setup and reset pages share. */
export function AuthShell({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-ink-950 px-4 py-16">
      <div className="w-full max-w-md">
        <Link to="/" className="eyebrow mb-6 inline-block">
          Digital Frontier
        </Link>
        <div className="card">
          <h1 className="heading-lg">{title}</h1>
          {intro ? <div className="mt-3 text-mist-300">{intro}</div> : null}
          <div className="mt-8">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-sm text-mist-400">{footer}</div> : null}
      </div>
    </main>
  );
}

type FieldProps = {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  errors?: string[];
  hint?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  autoFocus?: boolean;
};

export function Field({
  name,
  label,
  type = "text",
  errors,
  hint,
  required = true,
  ...input
}: FieldProps) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [errors?.length ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ");
  return (
    <div className="mb-5">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="field-input"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-mist-400">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className="field-error">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export function fieldErrors(result: FormResult, name: string) {
  return result && !result.ok ? result.fieldErrors?.[name] : undefined;
}

export { keepDataAfterFailure } from "#app/lib/revalidate.ts";
