import type { Database } from "#server/db/client.ts";
import { TIME_CHANGES_CHANNEL } from "./records";

const KEEP_ALIVE_MS = 25_000;

/**
 * Server-Sent Events for one staff member: an event each time their timer or entries change
 * on any instance (NOTIFY), so another tab or device revalidates in place (decision 422).
 * The event carries no content. `isStillSignedIn` is asked on each event and keep-alive: a
 * signed-out session's stream ends.
 */
export function timeEventStream({
  database,
  userId,
  signal,
  isStillSignedIn,
}: {
  database: Pick<Database, "listen">;
  userId: string;
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
      stopListening = await database.listen(TIME_CHANGES_CHANNEL, (payload) => {
        if (payload === userId) void send("event: change\ndata: {}\n\n");
      });
      if (isClosed) return void stopListening();
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
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
