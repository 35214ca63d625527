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
import { acceptInvitation } from "#server/auth/links.ts";
import { findUsableToken, tokenExpiredMessage } from "#server/auth/tokens.ts";
import { formAction } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
import { acceptInviteSchema } from "#shared/auth-forms.ts";
import type { Route } from "./+types/accept-invite";

export const meta = () => [
  { title: "Join the team | Digital Frontier" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const row = await findUsableToken(context.db, "invite", token);
  return { token, email: row?.email ?? null, expiredMessage: tokenExpiredMessage("invite") };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(request, acceptInviteSchema, async (input) => {
    await acceptInvitation(context, input, context.clientAddress);
    return redirectWithToast("/login?redirectTo=%2Fadmin", {
      message: "Welcome to the team. Sign in with your new password.",
    });
  });

export const shouldRevalidate = keepDataAfterFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkError(serverAction);
}

export default function AcceptInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const isSubmitting = useNavigation().state === "submitting";
  if (!loaderData.email)
    return (
      <AuthShell title="Join the team" intro={loaderData.expiredMessage}>
        <Link to="/login" className="btn-secondary">
          Go to sign in
        </Link>
      </AuthShell>
    );
  return (
    <AuthShell
      title="Join the team"
      intro={`You were invited as ${loaderData.email}. Choose your name and password.`}
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
        <NewPasswordFields result={result} />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          Join the team
        </button>
      </Form>
    </AuthShell>
  );
}
