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
import { acceptInviteSchema, PASSWORD_MAX, PASSWORD_MIN } from "~/lib/auth-forms";
import { acceptInvitation } from "../../../server/auth/links";
import { findUsableToken, tokenExpiredMessage } from "../../../server/auth/tokens";
import { AppError, errorResponse, invalid } from "../../../server/errors";
import { redirectWithToast } from "../../../server/toast";
import type { Route } from "./+types/accept-invite";

export const meta = () => [
  { title: "Join the team | Digital Frontier" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const row = await findUsableToken(context.db, "invite", token);
  return { token, email: row?.email ?? null, expiredMessage: tokenExpiredMessage("invite") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = acceptInviteSchema.safeParse(Object.fromEntries(await request.formData()));
  try {
    if (!parsed.success) throw invalid(parsed.error);
    await acceptInvitation(context, parsed.data, context.clientAddress);
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
  return redirectWithToast("/login?redirectTo=%2Fadmin", {
    message: "Welcome to the team. Sign in with your new password.",
  });
}

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
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
          errors={fieldErrors(result, "password")}
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
        />
        <Field
          name="confirmPassword"
          label="Repeat the password"
          type="password"
          autoComplete="new-password"
          errors={fieldErrors(result, "confirmPassword")}
        />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          Join the team
        </button>
      </Form>
    </AuthShell>
  );
}
