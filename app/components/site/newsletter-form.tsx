import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "#app/components/ui/toasts.tsx";
import { NEWSLETTER_INVALID_EMAIL } from "#shared/newsletter-messages.ts";

type NewsletterResult = { ok: true; message: string } | { ok: false; error: string };

export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterResult>();
  const toast = useToast();
  const [error, setError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const isSubmitting = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      setError(undefined);
      formRef.current?.reset();
      toast.show({ message: fetcher.data.message });
    } else {
      setError(fetcher.data.error);
      toast.show({ message: fetcher.data.error, type: "error" });
    }
  }, [fetcher.state, fetcher.data, toast]);

  // The browser's own email check gives instant feedback without shipping a schema
  // library on every page; the server applies newsletterSchema and has the last word.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("email") as HTMLInputElement | null;
    if (input && (!input.value.trim() || !input.checkValidity())) {
      event.preventDefault();
      setError(NEWSLETTER_INVALID_EMAIL);
      toast.show({ message: NEWSLETTER_INVALID_EMAIL, type: "error" });
    }
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/newsletter"
      noValidate
      onSubmit={onSubmit}
      className="relative flex flex-col gap-2"
    >
      {/* A honeypot: people never see it, bots fill it in (server/antispam). */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
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
