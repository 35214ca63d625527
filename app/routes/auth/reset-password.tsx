import { Form, Link, useNavigation } from "react-router";
import {
  AuthShell,
  type FormResult,
  keepDataAfterFailure,
  useResultToast,
  withNetworkError,
} from "#app/components/auth/auth-form.tsx";
import { NewPasswordFields } from "#app/components/auth/new-password-fields.tsx";
import { findResetLink, resetPassword, SUPERSEDED_RESET_MESSAGE } from "#server/auth/links.ts";
import { tokenExpiredMessage } from "#server/auth/tokens.ts";
import { formAction } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
import { resetPasswordSchema } from "#shared/auth-forms.ts";
import type { Route } from "./+types/reset-password";

export const meta = () => [
  { title: "Choose a new password | Digital Frontier" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const link = await findResetLink(context.db, token);
  return {
    token,
    email: link.state === "usable" ? link.email : null,
    expiredMessage:
      link.state === "superseded" ? SUPERSEDED_RESET_MESSAGE : tokenExpiredMessage("reset"),
  };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, resetPasswordSchema, async (input) => {
    await resetPassword(context, input);
    return redirectWithToast("/login", {
      message: "Your password is changed. Sign in with the new one.",
    });
  });

export const shouldRevalidate = keepDataAfterFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkError(serverAction);
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const isSubmitting = useNavigation().state === "submitting";
  if (!loaderData.email)
    return (
      <AuthShell title="Choose a new password" intro={loaderData.expiredMessage}>
        <Link to="/forgot-password" className="btn-secondary">
          Ask for a new link
        </Link>
      </AuthShell>
    );
  return (
    <AuthShell title="Choose a new password" intro={`For ${loaderData.email}.`}>
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields
          result={result}
          label="New password"
          repeatLabel="Repeat the new password"
        />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          Save new password
        </button>
      </Form>
    </AuthShell>
  );
}
