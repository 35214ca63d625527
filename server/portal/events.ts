import type { Database } from "#server/db/client.ts";
import { PROJECT_CHANGES_CHANNEL, parseProjectChange } from "#server/projects/changes.ts";

const KEEP_ALIVE_MS = 25_000;

/**
 * Server-Sent Events for one signed-in contact: an event each time something of
 * their client changes (a milestone marked done, a file shared), so an open portal
 * page revalidates in place. Only ids of the contact's own client pass; the event
 * says what changed, never its content. NOTIFY brings changes made on any instance.
 * A "ready" event says the stream listens (nothing after it is missed).
 * `isStillSignedIn` is asked on every event and keep-alive: a revoked contact's
 * stream ends.
 */
export function portalEventStream({
  database,
  clientId,
  signal,
  isStillSignedIn,
}: {
  database: Pick<Database, "listen">;
  clientId: string;
  signal: AbortSignal;
  isStillSignedIn: () => Promise<boolean>;
}) {
  const encoder = new TextEncoder();
  let stopListening: (() => Promise<void>) | undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let isClosed = false;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const close = () => {
        if (isClosed) return;
        isClosed = true;
        clearInterval(keepAlive);
        void stopListening?.();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      const send = async (text: string) => {
        if (isClosed) return;
        if (!(await isStillSignedIn().catch(() => true))) return close();
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      signal.addEventListener("abort", close);
      stopListening = await database.listen(PROJECT_CHANGES_CHANNEL, (payload) => {
        const change = parseProjectChange(payload);
        if (!change || change.clientId !== clientId) return;
        void send(
          `event: change\ndata: ${JSON.stringify({ projectId: change.projectId, what: change.what })}\n\n`,
        );
      });
      if (isClosed) return void stopListening();
      // Sent once the listener is in place: from here on, no change is missed.
      controller.enqueue(encoder.encode("retry: 5000\nevent: ready\ndata: {}\n\n"));
      keepAlive = setInterval(() => void send(": keep-alive\n\n"), KEEP_ALIVE_MS);
    },
    cancel() {
      isClosed = true;
      clearInterval(keepAlive);
      void stopListening?.();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
