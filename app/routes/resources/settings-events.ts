import { SETTINGS_CHANNEL } from "#server/settings/update-header.ts";
import type { Route } from "./+types/settings-events";

const KEEP_ALIVE_MS = 25_000;

/**
 * Server-Sent Events: one "settings" event each time a settings document
 * changes, so open public pages follow the header settings live (SPEC.md
 * section 4). Public: it tells only which document changed, never its content.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const encoder = new TextEncoder();
  let stopListening: (() => Promise<void>) | undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  const close = () => {
    clearInterval(keepAlive);
    void stopListening?.();
  };
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      send("retry: 5000\n\n");
      stopListening = await context.database.listen(SETTINGS_CHANNEL, (payload) => {
        const id = /^[a-z-]{1,40}$/.test(payload) ? payload : "unknown";
        send(`event: settings\ndata: ${id}\n\n`);
      });
      // From here on no change is missed: the page may catch up on what changed before.
      send("event: ready\ndata: listening\n\n");
      keepAlive = setInterval(() => send(": keep-alive\n\n"), KEEP_ALIVE_MS);
      request.signal.addEventListener("abort", () => {
        close();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel: close,
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
