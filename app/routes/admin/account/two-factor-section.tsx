import { Form, useNavigation } from "react-router";
import { Field, type FormResult, fieldErrors } from "#app/components/auth/auth-form.tsx";
import { RecoveryCodes } from "./recovery-codes";

export type TwoFactorView = {
  isEnabled: boolean;
  recoveryCodesLeft: number;
  /** The team requires two-factor sign-in and this account has none yet. */
  mustSetUp: boolean;
  pendingSetup?: { secret: string; qrImage: string };
};

/** The answer of a two-factor step that produced recovery codes to show once. */
export type RecoveryCodesResult = { ok: true; message?: string; recoveryCodes: string[] };

function PasswordField({ result }: { result: FormResult }) {
  return (
    <Field
      name="accountPassword"
      label="Your password"
      type="password"
      autoComplete="current-password"
      errors={fieldErrors(result, "accountPassword")}
    />
  );
}

/** Two-factor sign-in: set it up (password, QR code or key, first code), codes, turn off. */
export function TwoFactorSection({
  view,
  result,
  recoveryCodes,
}: {
  view: TwoFactorView;
  result: FormResult;
  recoveryCodes?: string[];
}) {
  const isSubmitting = useNavigation().state === "submitting";
  return (
    <section id="two-factor" className="card mb-8 max-w-lg" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="heading-md mb-2">
        Two-factor sign-in
      </h2>
      {view.isEnabled ? (
        <>
          <p className="text-mist-300">
            On: signing in with your password also asks for a code from your authenticator app.{" "}
            {view.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
          <Form method="post" noValidate className="mt-6">
            <PasswordField result={result} />
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="regenerate-codes"
                className="btn-secondary"
                disabled={isSubmitting}
              >
                New recovery codes
              </button>
              <button
                type="submit"
                name="intent"
                value="disable-two-factor"
                className="btn-secondary text-red-300"
                disabled={isSubmitting}
              >
                Turn off two-factor sign-in
              </button>
            </div>
          </Form>
        </>
      ) : view.pendingSetup ? (
        <>
          <p className="text-mist-300">
            Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…),
            or type the key into it by hand. Then enter the 6-digit code it shows.
          </p>
          <img
            src={view.pendingSetup.qrImage}
            alt="QR code of your two-factor key, for your authenticator app"
            width={200}
            height={200}
            className="my-4 rounded-lg bg-white p-2"
          />
          <p className="mb-4 text-sm text-mist-300">
            Key for manual entry:{" "}
            <code id="two-factor-key" className="break-all font-mono text-white">
              {view.pendingSetup.secret}
            </code>
          </p>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="confirm-two-factor" />
            <Field
              name="code"
              label="Code from your authenticator app"
              autoComplete="one-time-code"
              errors={fieldErrors(result, "code")}
              maxLength={6}
            />
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              Turn on two-factor sign-in
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="text-mist-300">
            {view.mustSetUp
              ? "Your team requires two-factor sign-in. "
              : "Protect your account with a second step at sign-in. "}
            You need an authenticator app on your phone. Enter your password to begin.
          </p>
          <Form method="post" noValidate className="mt-6">
            <input type="hidden" name="intent" value="start-two-factor" />
            <PasswordField result={result} />
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              Set up two-factor sign-in
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
