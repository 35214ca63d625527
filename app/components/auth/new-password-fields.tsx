import { PASSWORD_MAX, PASSWORD_MIN } from "#shared/auth-forms.ts";
import { Field, type FormResult, fieldErrors } from "./auth-form";

type NewPasswordFieldsProps = {
  /** The action's answer, whose field errors show under each field. */
  result: FormResult;
  /** "Password" when an account is being made, "New password" when one is replaced. */
  label?: string;
  repeatLabel?: string;
};

/**
 * The new password and its repeat, sent as password and confirmPassword (the
 * names the auth form schemas check against each other).
 */
export function NewPasswordFields({
  result,
  label = "Password",
  repeatLabel = "Repeat the password",
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
        errors={fieldErrors(result, "password")}
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
      />
      <Field
        name="confirmPassword"
        label={repeatLabel}
        type="password"
        autoComplete="new-password"
        errors={fieldErrors(result, "confirmPassword")}
      />
    </>
  );
}
