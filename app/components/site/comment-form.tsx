import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "#app/components/ui/toasts.tsx";
import { COMMENT_MAX } from "#shared/comments.ts";
import { BotFields } from "./bot-fields";
import { FieldError } from "./field-error";
import { type FormRefusal, useFormToken } from "./use-form-token";
import { useLazySchema } from "./use-lazy-schema";

type Result = { ok: true; message: string } | FormRefusal;

export const commentFields = ["name", "email", "body"] as const;
const loadCommentSchema = () =>
  import("#shared/comment-schema.ts").then((module) => module.commentSchema);

/** The comment form under an insight: new comments wait for moderation, and the form says so. */
export function CommentForm({
  documentResult,
}: {
  /** The answer to a post sent without JavaScript (a full page load). */
  documentResult?: Result;
}) {
  const fetcher = useFetcher<Result>();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>(
    documentResult && !documentResult.ok ? (documentResult.fieldErrors ?? {}) : {},
  );
  const [notice, setNotice] = useState<string | undefined>(
    documentResult?.ok ? documentResult.message : undefined,
  );
  const isSubmitting = fetcher.state !== "idle";
  const { preload, check } = useLazySchema(loadCommentSchema);
  const formToken = useFormToken();
  const { reset: resetToken } = formToken;
  const refusal = documentResult && !documentResult.ok ? documentResult : undefined;
  const values = refusal?.values ?? {};

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      setErrors({});
      setNotice(fetcher.data.message);
      formRef.current?.reset();
      resetToken();
      toast.show({ message: fetcher.data.message });
    } else {
      setErrors(fetcher.data.fieldErrors ?? {});
      setNotice(undefined);
      toast.show({ message: fetcher.data.error, type: "error" });
    }
  }, [fetcher.state, fetcher.data, toast, resetToken]);

  function onStart() {
    preload();
    formToken.start();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const next = await check(form, commentFields);
    if (!next) {
      await formToken.prepare(form);
      fetcher.submit(form);
      return;
    }
    setErrors(next);
    setNotice(undefined);
  }

  const describedBy = (field: string, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : undefined, hint].filter(Boolean).join(" ") ||
    undefined;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onFocus={onStart}
      onInput={onStart}
      onSubmit={onSubmit}
      className="card relative flex flex-col gap-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="heading-md">
        Leave a comment
      </h3>
      <p className="text-sm text-mist-400">
        Comments appear after a moderator approves them. Your email address is never shown.
      </p>
      <BotFields
        formToken={
          formToken.token ??
          (fetcher.data && !fetcher.data.ok ? fetcher.data.formToken : refusal?.formToken)
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="field-label">
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            defaultValue={values.name}
            autoComplete="name"
            required
            maxLength={80}
            className="field-input"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
          />
          <FieldError id={`${id}-name-error`} messages={errors.name} />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="field-label">
            Email (never shown)
          </label>
          <input
            id={`${id}-email`}
            name="email"
            defaultValue={values.email}
            type="email"
            autoComplete="email"
            required
            className="field-input"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email")}
          />
          <FieldError id={`${id}-email-error`} messages={errors.email} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="field-label">
          Comment
        </label>
        <textarea
          id={`${id}-body`}
          name="body"
          defaultValue={values.body}
          rows={5}
          required
          minLength={2}
          maxLength={COMMENT_MAX}
          className="field-input"
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy("body", `${id}-body-hint`)}
        />
        <p id={`${id}-body-hint`} className="mt-1 text-xs text-mist-400">
          2 to {COMMENT_MAX} characters. Plain text only.
        </p>
        <FieldError id={`${id}-body-error`} messages={errors.body} />
      </div>
      {refusal && !fetcher.data ? (
        <p role="alert" className="field-error">
          {refusal.error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? "Submitting..." : "Post comment"}
        </button>
        <p role="status" className="text-sm text-green-300">
          {notice}
        </p>
      </div>
    </fetcher.Form>
  );
}
