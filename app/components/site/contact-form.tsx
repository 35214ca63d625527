import { type FormEvent, useEffect, useId, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { BotFields } from "#app/components/site/bot-fields.tsx";
import { FieldError } from "#app/components/site/field-error.tsx";
import { useLazySchema } from "#app/components/site/use-lazy-schema.ts";
import { useToast } from "#app/components/ui/toasts.tsx";
import { trailFieldValue } from "#app/lib/visit-trail.ts";
import { TRAIL_FIELD } from "#shared/analytics.ts";
import {
  budgetOptions,
  MESSAGE_MAX,
  MESSAGE_MIN,
  serviceOptions,
  timelineOptions,
} from "#shared/contact.ts";
import { type FormRefusal, useFormToken } from "./use-form-token";

export const contactFields = [
  "name",
  "email",
  "company",
  "service",
  "budget",
  "timeline",
  "message",
] as const;
const loadContactSchema = () =>
  import("#shared/contact-schema.ts").then((module) => module.contactSchema);

/**
 * The contact form. `refusal` is the action's last answer when it refused: its errors,
 * and for a visitor without JavaScript what they typed and a token to send it with.
 */
export function ContactForm({
  refusal,
  action,
}: {
  refusal?: FormRefusal;
  /** Where the form posts: /contact's own action when the form sits on another page. */
  action?: string;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const { preload, check } = useLazySchema(loadContactSchema);
  const formToken = useFormToken();
  const toast = useToast();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>(
    refusal?.fieldErrors ?? {},
  );
  const isSubmitting = navigation.state === "submitting";
  const values = refusal?.values ?? {};

  useEffect(() => {
    if (!refusal) return;
    setErrors(refusal.fieldErrors ?? {});
    toast.show({ message: refusal.error, type: "error" });
  }, [refusal, toast]);

  function onStart() {
    preload();
    formToken.start();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const next = await check(form, contactFields);
    if (!next) {
      setErrors({});
      await formToken.prepare(form);
      // The pages of this visit go with the message (server/analytics), if the browser allows.
      // Set last: a render while waiting puts a hidden input back to its default value.
      const trail = form.elements.namedItem(TRAIL_FIELD);
      if (trail instanceof HTMLInputElement) trail.value = trailFieldValue();
      submit(form);
      return;
    }
    setErrors(next);
    const first = contactFields.find((field) => next[field]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  const control = (field: string, hint?: string) => ({
    id: `${id}-${field}`,
    name: field,
    defaultValue: values[field] ?? "",
    className: "field-input",
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [errors[field] ? `${id}-${field}-error` : undefined, hint].filter(Boolean).join(" ") ||
      undefined,
  });

  return (
    <Form
      method="post"
      action={action}
      noValidate
      onFocus={onStart}
      onInput={onStart}
      onSubmit={onSubmit}
      className="card relative grid gap-5 sm:grid-cols-2"
      aria-label="Contact form"
    >
      <BotFields formToken={formToken.token ?? refusal?.formToken} />
      <input type="hidden" name={TRAIL_FIELD} defaultValue="" />
      <div>
        <label htmlFor={`${id}-name`} className="field-label">
          Name
        </label>
        <input {...control("name")} autoComplete="name" required maxLength={120} />
        <FieldError id={`${id}-name-error`} messages={errors.name} />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="field-label">
          Email
        </label>
        <input {...control("email")} type="email" autoComplete="email" required />
        <FieldError id={`${id}-email-error`} messages={errors.email} />
      </div>
      <div>
        <label htmlFor={`${id}-company`} className="field-label">
          Company <span className="text-mist-400">(optional)</span>
        </label>
        <input {...control("company")} autoComplete="organization" maxLength={160} />
        <FieldError id={`${id}-company-error`} messages={errors.company} />
      </div>
      <Choice
        label="Service of interest"
        placeholder="Choose a service"
        options={serviceOptions}
        control={control("service")}
        errors={errors.service}
      />
      <Choice
        label="Budget range"
        placeholder="Choose a range"
        options={budgetOptions}
        control={control("budget")}
        errors={errors.budget}
      />
      <Choice
        label="Timeline"
        placeholder="Choose a timeline"
        options={timelineOptions}
        control={control("timeline")}
        errors={errors.timeline}
      />
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-message`} className="field-label">
          Message
        </label>
        <textarea
          {...control("message", `${id}-message-hint`)}
          rows={7}
          required
          minLength={MESSAGE_MIN}
          maxLength={MESSAGE_MAX}
        />
        <p id={`${id}-message-hint`} className="mt-1 text-xs text-mist-400">
          What you want to build, for whom, and what success looks like ({MESSAGE_MIN} to{" "}
          {MESSAGE_MAX} characters).
        </p>
        <FieldError id={`${id}-message-error`} messages={errors.message} />
      </div>
      {refusal ? (
        <p role="alert" className="field-error sm:col-span-2">
          {refusal.error}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : "Send message"}
        </button>
      </div>
    </Form>
  );
}

type ControlProps = {
  id: string;
  name: string;
  defaultValue: string;
  className: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/** A required select with a disabled placeholder, its label and its error. */
function Choice({
  label,
  placeholder,
  options,
  control,
  errors,
}: {
  label: string;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  control: ControlProps;
  errors?: string[];
}) {
  return (
    <div>
      <label htmlFor={control.id} className="field-label">
        {label}
      </label>
      <select {...control} required>
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${control.id}-error`} messages={errors} />
    </div>
  );
}
