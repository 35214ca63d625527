import { type FormEvent, useState } from "react";
import { CHAT_MESSAGE_MAX, chatOfflineSchema } from "#shared/chat.ts";
import { FieldError } from "../field-error";
import { errorsByField } from "./errors-by-field";
import { type Accepted, postChat } from "./post-chat";
import { trailFields } from "./share-trail";

export function OfflineForm({ onTaken }: { onTaken: (answer: Accepted) => void }) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = chatOfflineSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(errorsByField(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setBusy(true);
    const answer = await postChat({ intent: "offline", ...values, ...trailFields() });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      setFieldErrors(answer.fieldErrors ?? {});
      return;
    }
    form.reset();
    onTaken(answer);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2 border-t border-white/10 px-5 py-3">
      <p className="text-sm text-mist-300">
        Nobody from the team is online. Leave your email and message and we'll reply by email.
      </p>
      <div>
        <label htmlFor="chat-offline-name" className="field-label">
          Name (optional)
        </label>
        <input
          id="chat-offline-name"
          name="name"
          autoComplete="name"
          className="field-input py-1.5"
        />
      </div>
      <div>
        <label htmlFor="chat-offline-email" className="field-label">
          Email
        </label>
        <input
          id="chat-offline-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? "chat-offline-email-error" : undefined}
          className="field-input py-1.5"
        />
        <FieldError id="chat-offline-email-error" messages={fieldErrors.email} />
      </div>
      <div>
        <label htmlFor="chat-offline-body" className="field-label">
          Message
        </label>
        <textarea
          id="chat-offline-body"
          name="body"
          rows={2}
          required
          maxLength={CHAT_MESSAGE_MAX}
          aria-invalid={fieldErrors.body ? true : undefined}
          aria-describedby={fieldErrors.body ? "chat-offline-body-error" : undefined}
          className="field-input resize-none py-1.5"
        />
        <FieldError id="chat-offline-body-error" messages={fieldErrors.body} />
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" disabled={isBusy} className="btn-primary w-full px-4 py-2 text-sm">
        {isBusy ? "Sending…" : "Send by email"}
      </button>
    </form>
  );
}
