import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { Field } from "#app/components/auth/auth-form.tsx";
import { useToast } from "#app/components/ui/toasts.tsx";
import {
  canUsePasskeys,
  PASSKEYS_UNSUPPORTED,
  postPasskeyForm,
  withPasskeyPrompt,
} from "#app/lib/passkeys.ts";
import { passkeyName } from "#shared/auth-forms.ts";

export type PasskeyItem = { id: string; name: string | null; createdAt: Date | string | null };

const ROUTE = "/admin/account/passkeys";

/** Passkeys: sign in without a password. Named when added, removed here. */
export function PasskeysSection({ passkeys }: { passkeys: PasskeyItem[] }) {
  const { show } = useToast();
  const revalidator = useRevalidator();
  const [isBusy, setBusy] = useState(false);

  async function add(form: HTMLFormElement) {
    if (!canUsePasskeys()) return show({ message: PASSKEYS_UNSUPPORTED, type: "error" });
    const name = passkeyName.safeParse(new FormData(form).get("passkeyName"));
    if (!name.success) return show({ message: name.error.issues[0].message, type: "error" });
    setBusy(true);
    try {
      const start = await postPasskeyForm(ROUTE, { intent: "options" });
      if (!start.ok) return show({ message: start.error ?? "", type: "error" });
      const { startRegistration } = await import("@simplewebauthn/browser");
      const prompt = await withPasskeyPrompt(() =>
        startRegistration({ optionsJSON: start.options as never }),
      );
      if (!prompt.ok) return show({ message: prompt.error, type: "error" });
      const done = await postPasskeyForm(ROUTE, {
        intent: "add",
        name: name.data,
        credential: JSON.stringify(prompt.value),
      });
      if (!done.ok) return show({ message: done.error ?? "", type: "error" });
      show({ message: done.message ?? "Passkey added.", type: "success" });
      form.reset();
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card mb-8 max-w-lg" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading" className="heading-md mb-2">
        Passkeys
      </h2>
      <p className="text-mist-300">
        Sign in with your fingerprint, face or device PIN instead of your password, with &ldquo;Sign
        in with a passkey&rdquo; on the sign-in page.
      </p>
      {passkeys.length ? (
        <ul aria-label="Your passkeys" className="mt-4 divide-y divide-white/10">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="font-medium text-white">{passkey.name || "Passkey"}</span>
                {passkey.createdAt ? (
                  <span className="block text-xs text-mist-400">
                    Added {new Date(passkey.createdAt).toLocaleDateString()}
                  </span>
                ) : null}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-passkey" />
                <input type="hidden" name="passkeyId" value={passkey.id} />
                <button
                  type="submit"
                  className="rounded-lg border border-white/15 px-3 py-1 text-xs font-semibold text-red-300 hover:border-white/40"
                  aria-label={`Remove passkey ${passkey.name || ""}`.trim()}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-mist-400">No passkeys yet.</p>
      )}
      <form
        className="mt-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add(event.currentTarget);
        }}
      >
        <Field
          name="passkeyName"
          label="Name of the new passkey"
          hint="So you can tell them apart, like “Work laptop”."
          maxLength={60}
        />
        <button type="submit" className="btn-primary" disabled={isBusy}>
          {isBusy ? "Waiting for your device..." : "Add a passkey"}
        </button>
      </form>
    </section>
  );
}
