import { expect, it } from "vitest";
import type { AppContext } from "#server/context.ts";
import { SETTINGS_CHANNEL } from "#server/settings/update-header.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { loader } from "./settings-events";

type LoaderArgs = Parameters<typeof loader>[0];

/** Opens the stream as a page would, and reads it until `until` has arrived. */
async function openStream(context: Pick<AppContext, "database">) {
  const aborter = new AbortController();
  const url = "http://frontier.test/events/settings";
  const response = await loader({
    request: new Request(url, { signal: aborter.signal }),
    url: new URL(url),
    context,
    params: {},
  } as unknown as LoaderArgs);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    response,
    async readUntil(until: string) {
      while (!text.includes(until)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before "${until}"; it sent: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
    close: () => aborter.abort(),
  };
}

describeEachDatabase("the settings events stream", (getDatabase) => {
  it("says ready only once it listens, so a change made after ready reaches the page", async () => {
    const database = getDatabase();
    const stream = await openStream({ database });
    try {
      expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const opening = await stream.readUntil("event: ready\ndata: listening\n\n");
      expect(opening.startsWith("retry: 5000\n\n")).toBe(true);
      expect(opening).not.toContain("event: settings");

      await database.notify(SETTINGS_CHANNEL, "navigation");
      const after = await stream.readUntil("event: settings\n");
      expect(after).toContain("event: settings\ndata: navigation\n\n");
    } finally {
      stream.close();
    }
  });

  it("names only which document changed, never the payload it was sent", async () => {
    const database = getDatabase();
    const stream = await openStream({ database });
    try {
      await stream.readUntil("event: ready");
      await database.notify(SETTINGS_CHANNEL, "header\n\nevent: forged");
      const text = await stream.readUntil("event: settings\n");
      expect(text).toContain("event: settings\ndata: unknown\n\n");
      expect(text).not.toContain("forged");
    } finally {
      stream.close();
    }
  });
});
