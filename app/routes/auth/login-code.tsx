import { Form, Link, redirect, useNavigation } from "react-router";
import {
  AuthShell,
  Field,
  type FormResult,
  fieldErrors,
  keepDataAfterFailure,
  useResultToast,
  withNetworkError,
} from "#app/components/auth/auth-form.tsx";
import { getSessionUser } from "#server/auth/session.ts";
import { findPendingSignIn, verifySignInCode } from "#server/auth/sign-in-code.ts";
import { AppError } from "#server/errors.ts";
import { formAction } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
import { safeRedirect, signInCodeSchema } from "#shared/auth-forms.ts";
import type { Route } from "./+types/login-code";

// The second step of a password sign-in when two-factor sign-in is on (decision 212).

export const meta = () => [
  { title: "Sign-in code | Digital Frontier" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const found = await getSessionUser({ request, context });
  if (found.user) throw redirect(redirectTo);
  if (!(await findPendingSignIn(context, request)))
    throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
  const method = url.searchParams.get("method") === "recovery" ? "recovery" : "totp";
  return { redirectTo, method } as const;
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, signInCodeSchema, async (input) => {
    const redirectTo = safeRedirect(input.redirectTo);
    try {
      const { headers } = await verifySignInCode(context, { ...input, request });
      return redirect(redirectTo, { headers });
    } catch (error) {
      // The waiting sign-in is gone (timed out, or too many codes): start again.
      if (error instanceof AppError && error.code === "GONE")
        return await redirectWithToast(`/login?${new URLSearchParams({ redirectTo })}`, {
          message: error.message,
          type: "error",
        });
      throw error;
    }
  });

export const shouldRevalidate = keepDataAfterFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkError(serverAction);
}

export default function LoginCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const isSubmitting = useNavigation().state === "submitting";
  const { method, redirectTo } = loaderData;
  const isRecovery = method === "recovery";
  const otherMethod = new URLSearchParams({ redirectTo });
  if (!isRecovery) otherMethod.set("method", "recovery");
  return (
    <AuthShell
      title={isRecovery ? "Use a recovery code" : "Enter your sign-in code"}
      intro={
        isRecovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once."
          : "Open your authenticator app and enter the 6-digit code it shows for Frontier."
      }
      footer={
        <Link to="/login" className="hover:text-white">
          ← Start again with your password
        </Link>
      }
    >
      <Form method="post" noValidate key={method}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="method" value={method} />
        <Field
          name="code"
          label={isRecovery ? "Recovery code" : "Code from your authenticator app"}
          autoComplete="one-time-code"
          errors={fieldErrors(result, "code")}
          maxLength={40}
          autoFocus
        />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? "Checking..." : "Continue"}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to={`/login/code?${otherMethod}`} className="text-frontier-blue hover:underline">
          {isRecovery ? "Use the code from your authenticator app" : "Use a recovery code instead"}
        </Link>
      </p>
    </AuthShell>
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  // Retry-After of a refused code reaches the browser.
  return actionHeaders.get("Retry-After") ? actionHeaders : loaderHeaders;
}
