import { Form, useNavigation } from "react-router";
import { Field, type FormResult, fieldErrors } from "#app/components/auth/auth-form.tsx";
import { NewPasswordFields } from "#app/components/auth/new-password-fields.tsx";

/** Change password: the current one, then the new one twice. */
export function PasswordSection({ result }: { result: FormResult }) {
  const navigation = useNavigation();
  const isSubmitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  return (
    <section className="card max-w-lg" aria-labelledby="password-heading">
      <h2 id="password-heading" className="heading-md mb-6">
        Change password
      </h2>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="change-password" />
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
  );
}
