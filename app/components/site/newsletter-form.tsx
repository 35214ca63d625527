import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "#app/components/ui/toasts.tsx";
import { TRAIL_FIELD } from "#shared/analytics.ts";
import { NEWSLETTER_INVALID_EMAIL } from "#shared/newsletter-messages.ts";
import { BotFields } from "./bot-fields";
import { useFormToken } from "./use-form-token";

type NewsletterResult = { ok: true; message: string } | { ok: false; error: string };

export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterResult>();
  const toast = useToast();
  const [error, setError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  // The visit's pages (app/lib/visit-trail.ts) load when the form is first used, not with every page.
  const readTrail = useRef<() => string>(() => "");
  const loadTrail = () => {
    void import("#app/lib/visit-trail.ts").then(
      (module) => {
        readTrail.current = module.trailFieldValue;
      },
      () => {},
    );
  };
  const inputId = useId();
  const isSubmitting = fetcher.state !== "idle";
  // The token only names this filling (a sign-up sent twice mails once); its fill time is not checked.
  const formToken = useFormToken();
  const { reset: resetToken } = formToken;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      setError(undefined);
      formRef.current?.reset();
      resetToken();
      toast.show({ message: fetcher.data.message });
    } else {
      setError(fetcher.data.error);
      toast.show({ message: fetcher.data.error, type: "error" });
    }
  }, [fetcher.state, fetcher.data, toast, resetToken]);

  // The browser's own email check gives instant feedback without shipping a schema
  // library on every page; the server applies newsletterSchema and has the last word.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("email") as HTMLInputElement | null;
    if (input && (!input.value.trim() || !input.checkValidity())) {
      setError(NEWSLETTER_INVALID_EMAIL);
      toast.show({ message: NEWSLETTER_INVALID_EMAIL, type: "error" });
      return;
    }
    await formToken.prepare(form);
    // The pages of this visit go with the sign-up (server/analytics), if the browser allows.
    // Set last: a render while waiting puts a hidden input back to its default value.
    const trail = form.elements.namedItem(TRAIL_FIELD);
    if (trail instanceof HTMLInputElement) trail.value = readTrail.current();
    fetcher.submit(form);
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/newsletter"
      noValidate
      onFocus={() => {
        formToken.start();
        loadTrail();
      }}
      onInput={formToken.start}
      onSubmit={onSubmit}
      className="relative flex flex-col gap-2"
    >
      <BotFields formToken={formToken.token} />
      <input type="hidden" name={TRAIL_FIELD} defaultValue="" />
      <label htmlFor={inputId} className="text-sm font-medium text-mist-300">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="field-input min-w-0 flex-1"
        />
        <button type="submit" className="btn-primary px-5 py-2" disabled={isSubmitting}>
          {isSubmitting ? "Submitting..." : "Subscribe"}
        </button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
