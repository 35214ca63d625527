import { useCallback, useRef, useState } from "react";

/** Where a form gets its token (app/routes/resources/form-token.ts); never cached. */
const FORM_TOKEN_URL = "/resources/form-token";

/**
 * The signed moment a visitor started filling this form (server/antispam). Cached
 * pages carry no token, so the form fetches one on its first focus or keystroke
 * (`start`), and `prepare` puts it in the form before it is sent (waiting for it
 * if need be). One token names one filling: the server stores what it sends once,
 * so `reset` after a success makes the next filling a new one.
 */
export function useFormToken() {
  const [token, setToken] = useState<string>();
  const pending = useRef<Promise<string | undefined>>(undefined);

  const start = useCallback(() => {
    pending.current ??= fetch(FORM_TOKEN_URL, { cache: "no-store" })
      .then((response) => (response.ok ? response.text() : undefined))
      .catch(() => undefined)
      .then((value) => {
        // Without a token the server asks to confirm once more, with one of its own.
        if (value) setToken(value);
        else pending.current = undefined;
        return value;
      });
    return pending.current;
  }, []);

  const prepare = useCallback(
    async (form: HTMLFormElement) => {
      const value = await start();
      const input = form.elements.namedItem("formToken");
      if (value && input instanceof HTMLInputElement) input.value = value;
    },
    [start],
  );

  const reset = useCallback(() => {
    pending.current = undefined;
    setToken(undefined);
  }, []);

  return { token, start, prepare, reset };
}

/**
 * A public form action's refusal (server/antispam/form-answers.ts): besides the error,
 * a fresh token and what was typed, for a visitor without JavaScript.
 */
export type FormRefusal = {
  ok: false;
  error: string;
  fieldErrors?: Record<string, string[]>;
  formToken?: string;
  values?: Record<string, string>;
};
