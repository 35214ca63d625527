import { Form, useNavigation } from "react-router";
import { tokenAccessChoices } from "#shared/api-tokens.ts";

/** Name a token and choose what it may reach. */
export function CreateTokenForm({
  fieldErrors,
  formKey,
}: {
  fieldErrors?: Record<string, string[]>;
  /** Changes after a token is made, so the form starts empty again. */
  formKey?: string;
}) {
  const navigation = useNavigation();
  const isBusy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <Form method="post" key={formKey} className="mt-4 space-y-5" noValidate>
      <input type="hidden" name="intent" value="create" />
      <div>
        <label htmlFor="token-name" className="field-label">
          Name
        </label>
        <input
          id="token-name"
          name="name"
          required
          maxLength={80}
          placeholder="CRM sync"
          aria-describedby={fieldErrors?.name ? "token-name-error" : undefined}
          aria-invalid={fieldErrors?.name ? true : undefined}
          className="field-input"
        />
        {fieldErrors?.name ? (
          <p id="token-name-error" className="field-error">
            {fieldErrors.name[0]}
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="field-label">Access</legend>
        <div className="space-y-2">
          {tokenAccessChoices.map((choice, index) => (
            <label
              key={choice.value}
              className="flex cursor-pointer gap-3 rounded-xl border border-white/10 p-3 has-[:checked]:border-frontier-orange"
            >
              <input
                type="radio"
                name="access"
                value={choice.value}
                defaultChecked={index === 0}
                className="mt-1 accent-frontier-orange"
              />
              <span>
                <span className="block font-medium text-white">{choice.label}</span>
                <span className="block text-sm text-mist-300">{choice.description}</span>
              </span>
            </label>
          ))}
        </div>
        {fieldErrors?.access ? <p className="field-error">{fieldErrors.access[0]}</p> : null}
      </fieldset>
      <button type="submit" className="btn-primary w-full" disabled={isBusy}>
        {isBusy ? "Making the token…" : "Make token"}
      </button>
    </Form>
  );
}
