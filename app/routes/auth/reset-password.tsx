import { Form, Link, useNavigation } from "react-router";
import {
  AuthShell,
  Field,
  type FormResult,
  fieldErrors,
  keepDataAfterFailure,
  useResultToast,
  withNetworkError,
} from "~/components/auth/auth-form";
import { PASSWORD_MAX, PASSWORD_MIN, resetPasswordSchema } from "~/lib/auth-forms";
import { resetPassword } from "../../../server/auth/links";
import { findUsableToken, tokenExpiredMessage } from "../../../server/auth/tokens";
import { AppError, errorResponse, invalid } from "../../../server/errors";
import { redirectWithToast } from "../../../server/toast";
import type { Route } from "./+types/reset-password";

export const meta = () => [
  { title: "Choose a new password | Digital Frontier" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const row = await findUsableToken(context.db, "reset", token);
  return { token, email: row?.email ?? null, expiredMessage: tokenExpiredMessage("reset") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = resetPasswordSchema.safeParse(Object.fromEntries(await request.formData()));
  try {
    if (!parsed.success) throw invalid(parsed.error);
    await resetPassword(context, parsed.data);
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
  return redirectWithToast("/login", {
    message: "Your password is changed. Sign in with the new one.",
  });
}

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
        <Field
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
          errors={fieldErrors(result, "password")}
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
        />
        <Field
          name="confirmPassword"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          errors={fieldErrors(result, "confirmPassword")}
        />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          Save new password
        </button>
      </Form>
    </AuthShell>
  );
}
