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
import { NewPasswordFields } from "#app/components/auth/new-password-fields.tsx";
import { completeSetup } from "#server/auth/links.ts";
import { findUsableToken, tokenExpiredMessage } from "#server/auth/tokens.ts";
import { hasActiveAdmin } from "#server/auth/users.ts";
import { formAction } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
import { setupSchema } from "#shared/auth-forms.ts";
import type { Route } from "./+types/setup";

export const meta = () => [
  { title: "Set up Frontier | Digital Frontier" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const isValid =
    Boolean(await findUsableToken(context.db, "setup", token)) &&
    !(await hasActiveAdmin(context.db));
  return { token, isValid, expiredMessage: tokenExpiredMessage("setup") };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, setupSchema, async (input) => {
    await completeSetup(context, input, context.clientAddress);
    return redirectWithToast("/login?redirectTo=%2Fadmin", {
      message: "Your admin account is ready. Sign in with it now.",
    });
  });

export const shouldRevalidate = keepDataAfterFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkError(serverAction);
}

export default function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const isSubmitting = useNavigation().state === "submitting";
  if (!loaderData.isValid)
    return (
      <AuthShell title="Set up Frontier" intro={loaderData.expiredMessage}>
        <Link to="/login" className="btn-secondary">
          Go to sign in
        </Link>
      </AuthShell>
    );
  return (
    <AuthShell
      title="Create the first admin"
      intro="This one-time link creates the admin account that runs the command center."
    >
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          name="name"
          label="Name"
          autoComplete="name"
          errors={fieldErrors(result, "name")}
          maxLength={100}
        />
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          errors={fieldErrors(result, "email")}
        />
        <NewPasswordFields result={result} />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          Create admin account
        </button>
      </Form>
    </AuthShell>
  );
}
