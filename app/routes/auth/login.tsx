import { useEffect } from "react";
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
import { PasskeySignIn } from "#app/components/auth/passkey-sign-in.tsx";
import { useToast } from "#app/components/ui/toasts.tsx";
import { getSessionUser } from "#server/auth/session.ts";
import { DISABLED_MESSAGE, signIn } from "#server/auth/sign-in.ts";
import { formAction } from "#server/form-body.ts";
import { loginSchema, PASSWORD_MAX, safeRedirect } from "#shared/auth-forms.ts";
import type { Route } from "./+types/login";

export const meta = () => [
  { title: "Sign in | Digital Frontier" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const found = await getSessionUser({ request, context });
  if (found.user) throw redirect(redirectTo);
  const reason = url.searchParams.get("reason");
  return {
    redirectTo,
    notice:
      reason === "idle"
        ? `You were signed out after ${context.env.SESSION_IDLE_MINUTES} minutes without activity. Sign in again to continue.`
        : reason === "disabled"
          ? DISABLED_MESSAGE
          : undefined,
  };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(
    request,
    loginSchema,
    async (input) => {
      const { headers, needsCode } = await signIn(context, { ...input, request });
      const redirectTo = safeRedirect(input.redirectTo);
      // Two-factor sign-in on: the code comes next, on its own screen.
      if (needsCode)
        return redirect(`/login/code?${new URLSearchParams({ redirectTo })}`, { headers });
      return redirect(redirectTo, { headers });
    },
    "Enter your email and password.",
  );

export const shouldRevalidate = keepDataAfterFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkError(serverAction);
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const { show } = useToast();
  useEffect(() => {
    if (loaderData.notice) show({ message: loaderData.notice, type: "error" });
  }, [loaderData.notice, show]);
  const isSubmitting = useNavigation().state === "submitting";
  return (
    <AuthShell
      title="Sign in"
      intro="The command center is for the Frontier team."
      footer={
        <Link to="/" className="hover:text-white">
          ← Back to the website
        </Link>
      }
    >
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          errors={fieldErrors(result, "email")}
          maxLength={254}
        />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          errors={fieldErrors(result, "password")}
          maxLength={PASSWORD_MAX}
        />
        <div className="mb-6 -mt-2 text-right text-sm">
          <Link to="/forgot-password" className="text-frontier-blue hover:underline">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      <PasskeySignIn redirectTo={loaderData.redirectTo} />
    </AuthShell>
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  // Retry-After of a refused sign-in reaches the browser.
  return actionHeaders.get("Retry-After") ? actionHeaders : loaderHeaders;
}
