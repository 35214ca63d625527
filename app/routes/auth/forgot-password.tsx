import { Form, Link, useNavigation } from "react-router";
import {
  AuthShell,
  Field,
  type FormResult,
  fieldErrors,
  keepDataAfterFailure,
  useResultToast,
  withNetworkError,
} from "#app/components/auth/auth-form.tsx";
import { requestPasswordReset } from "#server/auth/links.ts";
import { formAction } from "#server/form-body.ts";
import { forgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "#shared/auth-forms.ts";
import type { Route } from "./+types/forgot-password";

export const meta = () => [
  { title: "Forgot password | Digital Frontier" },
  { name: "robots", content: "noindex" },
];

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, forgotPasswordSchema, async (input) => {
    await requestPasswordReset(context, { ...input, address: context.clientAddress });
    return { ok: true as const, message: RESET_REQUESTED_MESSAGE };
  });

export const shouldRevalidate = keepDataAfterFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkError(serverAction);
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const isSubmitting = useNavigation().state === "submitting";
  return (
    <AuthShell
      title="Forgot password"
      intro="Enter the email of your account and we will mail you a link to choose a new password."
      footer={
        <Link to="/login" className="hover:text-white">
          ← Back to sign in
        </Link>
      }
    >
      {result?.ok ? (
        <p role="status" className="text-mist-100">
          {RESET_REQUESTED_MESSAGE}
        </p>
      ) : (
        <Form method="post" noValidate>
          <Field
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            errors={fieldErrors(result, "email")}
          />
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            Send reset link
          </button>
        </Form>
      )}
    </AuthShell>
  );
}
