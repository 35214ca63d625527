import { useState } from "react";
import { useNavigate } from "react-router";
import { useToast } from "#app/components/ui/toasts.tsx";
import {
  canUsePasskeys,
  PASSKEYS_UNSUPPORTED,
  postPasskeyForm,
  withPasskeyPrompt,
} from "#app/lib/passkeys.ts";

/** "Sign in with a passkey": no password and no code (decision 213). Needs JavaScript. */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const { show } = useToast();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);

  async function signInWithPasskey() {
    if (!canUsePasskeys()) return show({ message: PASSKEYS_UNSUPPORTED, type: "error" });
    setBusy(true);
    try {
      const start = await postPasskeyForm("/login/passkey", { intent: "options" });
      if (!start.ok) return show({ message: start.error ?? "", type: "error" });
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const prompt = await withPasskeyPrompt(() =>
        startAuthentication({ optionsJSON: start.options as never }),
      );
      if (!prompt.ok) return show({ message: prompt.error, type: "error" });
      const done = await postPasskeyForm("/login/passkey", {
        intent: "verify",
        credential: JSON.stringify(prompt.value),
        redirectTo,
      });
      if (!done.ok) return show({ message: done.error ?? "", type: "error" });
      navigate(done.redirectTo ?? "/admin");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 border-t border-white/10 pt-6">
      <button
        type="button"
        className="btn-secondary w-full"
        disabled={isBusy}
        onClick={() => void signInWithPasskey()}
      >
        {isBusy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </button>
    </div>
  );
}
