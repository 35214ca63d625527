import { type FormEvent, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { CHAT_MESSAGE_MAX, chatStaffActionSchema } from "#shared/chat.ts";
import type { ActionResult } from "./inbox-types";

export function ReplyForm({ conversationId }: { conversationId: string }) {
  const reply = useFetcher<ActionResult>();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (reply.data && !reply.data.ok) setError(reply.data.error);
  }, [reply.data]);

  function send(event?: FormEvent) {
    event?.preventDefault();
    const parsed = chatStaffActionSchema.safeParse({
      intent: "reply",
      conversationId,
      body: draft,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(undefined);
    setDraft("");
    void reply.submit({ intent: "reply", conversationId, body: draft }, { method: "post" });
  }

  return (
    <form onSubmit={send} noValidate className="border-t border-white/10 px-6 py-4">
      <label htmlFor="chat-reply" className="field-label">
        Reply
      </label>
      <textarea
        id="chat-reply"
        rows={3}
        value={draft}
        maxLength={CHAT_MESSAGE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "chat-reply-error" : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
        className="field-input"
      />
      {error ? (
        <p id="chat-reply-error" role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end">
        <button
          type="submit"
          className="btn-primary px-5 py-2 text-sm"
          disabled={reply.state !== "idle"}
        >
          Send reply
        </button>
      </div>
    </form>
  );
}
