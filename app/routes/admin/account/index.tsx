import { Form, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import {
  Field,
  type FormResult,
  fieldErrors,
  keepDataAfterFailure,
  useResultToast,
  withNetworkError,
} from "#app/components/auth/auth-form.tsx";
import { NewPasswordFields } from "#app/components/auth/new-password-fields.tsx";
import { requireUser } from "#server/auth/guard.ts";
import { getSessionUser } from "#server/auth/session.ts";
import { changeOwnPassword } from "#server/auth/users.ts";
import { formAction } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
import { changePasswordSchema } from "#shared/auth-forms.ts";
import { roleLabel } from "#shared/roles.ts";
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
  return formAction(args.request, changePasswordSchema, async (input) => {
    await changeOwnPassword(
      args.context,
      {
        userId: user.id,
        sessionId: session.user ? session.sessionId : undefined,
        currentPassword: input.currentPassword,
        password: input.password,
      },
      { id: user.id, email: user.email, address: args.context.clientAddress },
    );
    return redirectWithToast("/admin/account", {
      message: "Your password is changed. Your other sessions are signed out.",
    });
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
          <NewPasswordFields
            result={result}
            label="New password"
            repeatLabel="Repeat the new password"
          />
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            Change password
          </button>
        </Form>
      </section>
    </main>
  );
}
