import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { PORTAL_MESSAGE_MAX, threadReplySchema } from "#shared/portal.ts";
import { formatTime } from "./format-time";
import type { ActionResult, LoaderData } from "./inbox-types";

type Thread = NonNullable<LoaderData["thread"]>;

/** One project's thread with the client: their messages, the team's, and the answer box. */
export function ClientThread({ thread }: { thread: Thread }) {
  const { project, messages, clientReadSeq } = thread;
  const listRef = useRef<HTMLOListElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 0 && listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [count]);
  const lastTeamSeq = messages.findLast((message) => message.authorKind === "staff")?.seq ?? 0;
  return (
    <section
      aria-labelledby="thread-heading"
      className="card flex min-h-[32rem] min-w-0 flex-col p-0"
      data-testid="client-thread"
    >
      <header className="border-b border-white/10 px-6 py-4">
        <h2 id="thread-heading" className="heading-md">
          {project.name}
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-mist-300">
          <Link
            to={`/admin/clients/${project.clientId}`}
            className="text-frontier-blue hover:underline"
          >
            {project.company}
          </Link>
          <Link
            to={`/admin/projects/edit/${project.id}`}
            className="text-frontier-blue hover:underline"
          >
            Open the project
          </Link>
        </p>
      </header>
      {messages.length ? (
        <ol
          ref={listRef}
          aria-label={`Messages with ${project.company} about ${project.name}`}
          aria-live="polite"
          className="max-h-[28rem] flex-1 space-y-3 overflow-y-auto px-6 py-4"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
        >
          {messages.map((message) => (
            <li
              key={message.id}
              data-author={message.authorKind}
              className={
                message.authorKind === "contact"
                  ? "mr-6 rounded-xl bg-ink-700 px-4 py-2 sm:mr-16"
                  : "ml-6 rounded-xl bg-frontier-blue/25 px-4 py-2 text-white sm:ml-16"
              }
            >
              <span className="block text-xs font-semibold text-mist-300">
                {message.authorName}
                {message.authorKind === "contact" ? ` · ${project.company}` : ""}
                <span className="font-normal"> · {formatTime(message.createdAt)}</span>
              </span>
              <span className="whitespace-pre-wrap break-words">{message.body}</span>
              {message.seq === lastTeamSeq && clientReadSeq >= lastTeamSeq ? (
                <span className="mt-1 block text-right text-xs text-blue-100">
                  Seen by the client
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="flex-1 px-6 py-4 text-mist-300">
          No messages yet. What you write here appears in the client's portal, and their contacts
          get a mail about it.
        </p>
      )}
      <ThreadReplyForm projectId={project.id} />
    </section>
  );
}

function ThreadReplyForm({ projectId }: { projectId: string }) {
  const reply = useFetcher<ActionResult>();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (reply.data && !reply.data.ok) setError(reply.data.error);
  }, [reply.data]);

  function send(event?: FormEvent) {
    event?.preventDefault();
    const fields = { intent: "thread-reply", projectId, body: draft };
    const parsed = threadReplySchema.safeParse(fields);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(undefined);
    setDraft("");
    void reply.submit(fields, { method: "post" });
  }

  return (
    <form onSubmit={send} noValidate className="border-t border-white/10 px-6 py-4">
      <label htmlFor="thread-reply" className="field-label">
        Answer the client
      </label>
      <textarea
        id="thread-reply"
        rows={3}
        value={draft}
        maxLength={PORTAL_MESSAGE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "thread-reply-error" : undefined}
        onChange={(event) => setDraft(event.target.value)}
        className="field-input"
      />
      {error ? (
        <p id="thread-reply-error" role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end">
        <button
          type="submit"
          className="btn-primary px-5 py-2 text-sm"
          disabled={reply.state !== "idle"}
        >
          Send to the client
        </button>
      </div>
    </form>
  );
}
