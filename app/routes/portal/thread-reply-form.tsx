import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { PORTAL_MESSAGE_MAX, portalMessageSchema } from "#shared/portal.ts";

type SendResult = { ok: true; sentId?: string } | { ok: false; error: string } | undefined;

/** Writing to the team: checked here as on the server; the box empties once it is stored. */
export function ThreadReplyForm() {
  const sender = useFetcher<SendResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string>();
  const isSending = sender.state !== "idle";

  useEffect(() => {
    if (!sender.data) return;
    if (sender.data.ok) {
      formRef.current?.reset();
      setError(undefined);
    } else setError(sender.data.error);
  }, [sender.data]);

  return (
    <sender.Form
      ref={formRef}
      method="post"
      noValidate
      className="card"
      onSubmit={(event) => {
        const body = new FormData(event.currentTarget).get("body");
        const parsed = portalMessageSchema.safeParse({ body });
        if (!parsed.success) {
          event.preventDefault();
          setError(parsed.error.issues[0].message);
        }
      }}
    >
      <label htmlFor="message-body" className="field-label">
        Your message
      </label>
      <textarea
        id="message-body"
        name="body"
        rows={4}
        maxLength={PORTAL_MESSAGE_MAX}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "message-error" : "message-hint"}
        className="field-input"
      />
      <p id="message-hint" className="mt-1 text-xs text-mist-400">
        Plain text, up to {PORTAL_MESSAGE_MAX.toLocaleString("en")} characters. Never send passwords
        or other secrets here.
      </p>
      {error ? (
        <p id="message-error" role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end">
        <button
          type="submit"
          name="intent"
          value="send"
          className="btn-primary px-5 py-2 text-sm"
          disabled={isSending}
        >
          {isSending ? "Sending…" : "Send message"}
        </button>
      </div>
    </sender.Form>
  );
}
