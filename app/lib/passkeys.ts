// The browser's half of a passkey ceremony: our routes hand out WebAuthn options and check the
// answer; @simplewebauthn/browser (loaded only when a passkey button is pressed) talks to the
// authenticator.

export type PasskeyAnswer = { ok: boolean; error?: string; message?: string; redirectTo?: string };

export const PASSKEYS_UNSUPPORTED =
  "This browser cannot use passkeys. Use your email and password.";
export const PASSKEY_CANCELLED =
  "No passkey was used: the request was cancelled or timed out. Try again when you are ready.";

export function canUsePasskeys() {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** POSTs a form to one of our passkey routes and reads its JSON answer. */
export async function postPasskeyForm(url: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const response = await fetch(url, { method: "POST", body, credentials: "same-origin" });
  const answer = (await response.json().catch(() => ({}))) as PasskeyAnswer & { options?: unknown };
  if (!response.ok || !answer.ok)
    return { ...answer, ok: false, error: answer.error ?? "That did not work. Try again." };
  return answer;
}

/** Runs `ceremony` and turns the browser's "cancelled or timed out" into a message. */
export async function withPasskeyPrompt<T>(ceremony: () => Promise<T>) {
  try {
    return { ok: true as const, value: await ceremony() };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const message =
      name === "NotAllowedError" || name === "AbortError"
        ? PASSKEY_CANCELLED
        : error instanceof Error && error.message
          ? `The passkey could not be used: ${error.message}`
          : PASSKEY_CANCELLED;
    return { ok: false as const, error: message };
  }
}
