import { type FormEvent, useRef } from "react";
import { CHAT_MESSAGE_MAX } from "#shared/chat.ts";

export function MessageForm({
  draft,
  onDraftChange,
  error,
  onSend,
  isOffline,
  visitorEmail,
  onEditDetails,
}: {
  draft: string;
  onDraftChange: (draft: string) => void;
  error: string | undefined;
  /** False when the draft could not be sent: the field takes the focus back. */
  onSend: () => boolean;
  isOffline: boolean;
  visitorEmail: string | null | undefined;
  onEditDetails: () => void;
}) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const hasEmail = Boolean(visitorEmail);

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!onSend()) inputRef.current?.focus();
  }

  return (
    <form onSubmit={send} noValidate className="border-t border-white/10 px-5 py-3">
      {isOffline && hasEmail && (
        <p className="mb-2 text-xs text-mist-300">We'll reply to {visitorEmail} by email.</p>
      )}
      <label htmlFor="chat-message" className="field-label">
        Your message
      </label>
      <textarea
        id="chat-message"
        ref={inputRef}
        rows={2}
        value={draft}
        maxLength={CHAT_MESSAGE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "chat-error" : "chat-hint"}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
        className="field-input resize-none"
      />
      {error ? (
        <p id="chat-error" role="alert" className="field-error">
          {error}
        </p>
      ) : (
        <p id="chat-hint" className="mt-1 text-xs text-mist-400">
          Enter sends, Shift+Enter starts a new line. {draft.length}/{CHAT_MESSAGE_MAX}
        </p>
      )}
      <div className="mt-2 flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={onEditDetails}
          className="text-sm text-mist-300 underline underline-offset-4 hover:text-white"
        >
          {visitorEmail ? "Edit your details" : "Leave your name and email"}
        </button>
        <button type="submit" className="btn-primary px-4 py-2 text-sm">
          Send
        </button>
      </div>
    </form>
  );
}
