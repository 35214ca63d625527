import { useCallback, useRef } from "react";
import type { ZodType } from "zod";

export type FieldErrors = Record<string, string[]>;

/**
 * A form's shared schema, checked in the browser before the form is sent, but loaded only
 * when a visitor starts on the form (call `preload` on focus) rather than with the page:
 * the validation library stays out of the page's first load. When the schema cannot be
 * loaded the form is sent as it is; the server checks it anyway.
 */
export function useLazySchema(load: () => Promise<ZodType>) {
  const pending = useRef<Promise<ZodType | undefined> | undefined>(undefined);

  const preload = useCallback(() => {
    pending.current ??= load().catch(() => undefined);
    return pending.current;
  }, [load]);

  /** The form's errors per field, or undefined when it may be sent. */
  const check = useCallback(
    async (form: HTMLFormElement, fields: readonly string[]): Promise<FieldErrors | undefined> => {
      const data = new FormData(form);
      const values = Object.fromEntries(fields.map((field) => [field, data.get(field) ?? ""]));
      const schema = await preload();
      const parsed = schema?.safeParse(values);
      if (!parsed || parsed.success) return undefined;
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        errors[key] = [...(errors[key] ?? []), issue.message];
      }
      return errors;
    },
    [preload],
  );

  return { preload, check };
}
