import { Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import {
  Field,
  type FormResult,
  fieldErrors,
  keepDataAfterFailure,
  useResultToast,
  withNetworkError,
} from "~/components/auth/auth-form";
import { changePasswordSchema, PASSWORD_MAX, PASSWORD_MIN } from "~/lib/auth-forms";
import { roleLabel } from "~/lib/roles";
import { requireUser } from "../../../../server/auth/guard";
import { getSessionUser } from "../../../../server/auth/session";
import { changeOwnPassword } from "../../../../server/auth/users";
import { AppError, errorResponse, invalid } from "../../../../server/errors";
import { redirectWithToast } from "../../../../server/toast";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "My account | Command Center" }];

// Every signed-in staff member, whatever the role, may change their own password.
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  return { email: user.email, name: user.name, role: user.role };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const session = await getSessionUser(args);
  const parsed = changePasswordSchema.safeParse(Object.fromEntries(await args.request.formData()));
  try {
    if (!parsed.success) throw invalid(parsed.error);
    await changeOwnPassword(
      args.context,
      {
        userId: user.id,
        sessionId: session.user ? session.sessionId : undefined,
        currentPassword: parsed.data.currentPassword,
        password: parsed.data.password,
      },
      { id: user.id, email: user.email, address: args.context.clientAddress },
    );
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
  return redirectWithToast("/admin/account", {
    message: "Your password is changed. Your other sessions are signed out.",
  });
}

export const shouldRevalidate = keepDataAfterFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkError(serverAction);
}

export default function AccountScreen({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const isSubmitting = useNavigation().state === "submitting";
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="My account"
        description={`${loaderData.name} · ${loaderData.email} · ${roleLabel[loaderData.role]}`}
      />
      <section className="card max-w-lg" aria-labelledby="password-heading">
        <h2 id="password-heading" className="heading-md mb-6">
          Change password
        </h2>
        <Form method="post" noValidate>
          <Field
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            errors={fieldErrors(result, "currentPassword")}
          />
          <Field
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
            errors={fieldErrors(result, "password")}
          />
          <Field
            name="confirmPassword"
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            errors={fieldErrors(result, "confirmPassword")}
          />
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            Change password
          </button>
        </Form>
      </section>
    </main>
  );
}
