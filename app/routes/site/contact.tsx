import { type FormEvent, useEffect, useId, useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import { BotFields } from "#app/components/site/bot-fields.tsx";
import { FieldError } from "#app/components/site/comment-form.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { useLazySchema } from "#app/components/site/use-lazy-schema.ts";
import { useToast } from "#app/components/ui/toasts.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { issueFormToken } from "#server/antispam/antispam.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { submitContactForm } from "#server/leads/leads.ts";
import { redirectWithToast } from "#server/toast.ts";
import {
  budgetOptions,
  CONTACT_THANKS,
  MESSAGE_MAX,
  MESSAGE_MIN,
  serviceOptions,
  timelineOptions,
} from "#shared/contact.ts";
import { absoluteUrl, breadcrumbJsonLd, SITE_NAME, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/contact";

export function loader({ context }: Route.LoaderArgs) {
  return { formToken: issueFormToken(context.env.AUTH_SECRET) };
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    await submitContactForm({
      db: context.db,
      env: context.env,
      form: await readForm(request),
      address: context.clientAddress,
    });
  } catch (error) {
    return errorResponse(error);
  }
  return redirectWithToast("/contact", { message: CONTACT_THANKS });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlFrom(matches);
  return seoMeta({
    title: "Contact Us",
    description:
      "Tell us about your project: web platform, AI, mobile app, design or VR/AR. A senior engineer replies within one working day with honest next steps.",
    path: "/contact",
    publicUrl,
    jsonLd: [
      {
        "@type": "ContactPage",
        name: `Contact ${SITE_NAME}`,
        url: absoluteUrl(publicUrl, "/contact"),
      },
      breadcrumbJsonLd(publicUrl, [
        ["Home", "/"],
        ["Contact", "/contact"],
      ]),
    ],
  });
};

const fields = ["name", "email", "company", "service", "budget", "timeline", "message"] as const;
const loadContactSchema = () =>
  import("#shared/contact-schema.ts").then((module) => module.contactSchema);

export default function ContactPage() {
  const { formToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { preload, check } = useLazySchema(loadContactSchema);
  const toast = useToast();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const isSubmitting = navigation.state === "submitting";

  useEffect(() => {
    if (actionData && !actionData.ok) {
      setErrors(actionData.fieldErrors ?? {});
      toast.show({ message: actionData.error, type: "error" });
    }
  }, [actionData, toast]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const next = await check(form, fields);
    if (!next) {
      setErrors({});
      submit(form);
      return;
    }
    setErrors(next);
    const first = fields.find((field) => next[field]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  const control = (field: string, hint?: string) => ({
    id: `${id}-${field}`,
    name: field,
    className: "field-input",
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [errors[field] ? `${id}-${field}-error` : undefined, hint].filter(Boolean).join(" ") ||
      undefined,
  });

  return (
    <main id="main" className="container-page">
      <PageHero
        eyebrow="Contact"
        title="Let's talk about what you're building"
        lead="Tell us where you are and where you need to be. A senior engineer, not a sales script, replies within one working day."
      />
      <div className="grid gap-12 lg:grid-cols-[2fr_1fr]">
        <Form
          key={formToken}
          method="post"
          noValidate
          onFocus={preload}
          onSubmit={onSubmit}
          className="card relative grid gap-5 sm:grid-cols-2"
          aria-label="Contact form"
        >
          <BotFields formToken={formToken} />
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
          <div>
            <label htmlFor={`${id}-service`} className="field-label">
              Service of interest
            </label>
            <select {...control("service")} required defaultValue="">
              <option value="" disabled>
                Choose a service
              </option>
              {serviceOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-service-error`} messages={errors.service} />
          </div>
          <div>
            <label htmlFor={`${id}-budget`} className="field-label">
              Budget range
            </label>
            <select {...control("budget")} required defaultValue="">
              <option value="" disabled>
                Choose a range
              </option>
              {budgetOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-budget-error`} messages={errors.budget} />
          </div>
          <div>
            <label htmlFor={`${id}-timeline`} className="field-label">
              Timeline
            </label>
            <select {...control("timeline")} required defaultValue="">
              <option value="" disabled>
                Choose a timeline
              </option>
              {timelineOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-timeline-error`} messages={errors.timeline} />
          </div>
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
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              {isSubmitting ? "Sending..." : "Send message"}
            </button>
          </div>
        </Form>
        <aside className="flex flex-col gap-6" aria-label="What happens next">
          <div className="card">
            <h2 className="heading-md">What happens next</h2>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-mist-300">
              <li>A senior engineer reads your message, usually the same day.</li>
              <li>We reply within one working day with questions or a call slot.</li>
              <li>If we are not the right fit, we tell you and suggest who might be.</li>
            </ol>
          </div>
          <div className="card">
            <h2 className="heading-md">Your details</h2>
            <p className="mt-4 text-mist-300">
              We use what you send only to answer you. No mailing lists unless you subscribe
              yourself.
            </p>
          </div>
        </aside>
      </div>
    </main>
  );
}
