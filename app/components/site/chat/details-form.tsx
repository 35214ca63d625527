import { type FormEvent, useEffect, useRef, useState } from "react";
import { chatProfileSchema, type VisitorConversation } from "#shared/chat.ts";
import { FieldError } from "../field-error";
import { errorsByField } from "./errors-by-field";
import { postChat } from "./post-chat";
import { shareTrailOnce } from "./share-trail";

export function DetailsForm({
  conversation,
  onDone,
}: {
  conversation: VisitorConversation | null;
  onDone: (updated?: VisitorConversation) => void;
}) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string>();
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = chatProfileSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(errorsByField(parsed.error.issues));
      return;
    }
    const answer = await postChat({ intent: "profile", ...values });
    if (!answer.ok) {
      setError(answer.error);
      setFieldErrors(answer.fieldErrors ?? {});
      return;
    }
    shareTrailOnce();
    onDone(answer.conversation);
  }

  return (
    <form onSubmit={submit} noValidate className="flex-1 space-y-3 px-5 py-4">
      <p className="text-sm text-mist-300">
        So we know who we're talking to, and can reply by email if you leave.
      </p>
      <div>
        <label htmlFor="chat-name" className="field-label">
          Name
        </label>
        <input
          id="chat-name"
          ref={nameRef}
          name="name"
          autoComplete="name"
          defaultValue={conversation?.visitorName ?? ""}
          className="field-input"
        />
        <FieldError id="chat-name-error" messages={fieldErrors.name} />
      </div>
      <div>
        <label htmlFor="chat-email" className="field-label">
          Email
        </label>
        <input
          id="chat-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={conversation?.visitorEmail ?? ""}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? "chat-email-error" : undefined}
          className="field-input"
        />
        <FieldError id="chat-email-error" messages={fieldErrors.email} />
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary px-4 py-2 text-sm">
          Save
        </button>
        <button type="button" onClick={() => onDone()} className="btn-secondary px-4 py-2 text-sm">
          Back to the chat
        </button>
      </div>
    </form>
  );
}
