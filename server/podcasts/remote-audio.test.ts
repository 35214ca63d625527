import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AppError } from "#server/errors.ts";
import { testEnv } from "#tests/helpers/chat.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { createEpisode, readRemoteAudioFacts } from "./episodes";

const actor = { id: "admin-1", email: "admin@frontier.test", address: "10.0.0.1" };

/** A local server standing for what must stay out of reach, counting what reaches it. */
let inside: Server;
let insidePort = 0;
const insideHits: string[] = [];
/** A local server standing for a public media host (its origin allowed, as in tests). */
let host: Server;
let hostOrigin = "";

beforeAll(async () => {
  inside = createServer((request, response) => {
    insideHits.push(request.url ?? "");
    response.writeHead(200, { "Content-Type": "audio/wav", "Content-Length": "123456" });
    response.end();
  });
  host = createServer((request, response) => {
    if (request.url === "/redirect.mp3") {
      response.writeHead(302, { Location: `http://127.0.0.1:${insidePort}/secret.wav` });
      response.end();
      return;
    }
    response.writeHead(200, { "Content-Type": "audio/mpeg", "Content-Length": "987654" });
    response.end();
  });
  for (const server of [inside, host])
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  insidePort = (inside.address() as AddressInfo).port;
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(() => {
  inside.close();
  host.close();
});

let counter = 0;
const input = (audioUrl: string) => {
  counter++;
  return {
    title: `Remote ${counter}`,
    slug: `remote-${Date.now()}-${counter}`,
    showNotes: "Notes.",
    audioUrl,
    duration: "",
    season: "",
    episode: "",
    status: "draft",
  };
};

describeEachDatabase("podcast audio addresses", (get) => {
  it("reads the size and type of audio on an allowed host", async () => {
    const env = testEnv({ PRIVATE_FETCH_ORIGINS: [hostOrigin] });
    // The form takes https:// only (the site's CSP plays nothing else); the local host is http.
    const facts = await readRemoteAudioFacts(env, `${hostOrigin}/episode.mp3`, null);
    expect(facts).toMatchObject({ audioBytes: 987654, audioType: "audio/mpeg" });
  });

  it("refuses addresses inside the network, and redirects there, with a form error; nothing is fetched", async () => {
    const env = testEnv({ PRIVATE_FETCH_ORIGINS: [hostOrigin] });
    const port = insidePort;
    for (const audioUrl of [
      `http://127.0.0.1:${port}/a.wav`,
      `http://localhost:${port}/a.wav`,
      `http://[::1]:${port}/a.wav`,
      `http://[::ffff:127.0.0.1]:${port}/a.wav`,
      `http://2130706433:${port}/a.wav`,
      "http://10.0.0.8/a.wav",
      "http://192.168.1.10/a.wav",
      "http://169.254.169.254/latest/meta-data/a.wav",
      `${hostOrigin}/redirect.mp3`,
    ]) {
      const error = await readRemoteAudioFacts(env, audioUrl, null).catch(
        (caught: unknown) => caught,
      );
      expect(error, audioUrl).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).fieldErrors?.audioUrl?.[0], audioUrl).toMatch(
        /private or local network.*Use a public address, or upload the audio file/,
      );
    }
    const refused = await createEpisode({
      database: get(),
      env,
      input: input(`https://127.0.0.1:${port}/a.wav`),
      actor,
    }).catch((caught: unknown) => caught);
    expect((refused as AppError).fieldErrors?.audioUrl?.[0]).toMatch(/private or local network/);
    expect(insideHits).toEqual([]);
  });
});
