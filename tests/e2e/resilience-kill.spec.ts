import { describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { leads } from "#server/db/schema/leads.ts";
import { fetchFormTokens } from "#tests/helpers/form-token.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const TOTAL = 1000;
const IN_FLIGHT = 100;

/** One contact submission per index, each from its own address, with its own marker and token. */
function submissionOf(index: number, tokens: string[]) {
  const marker = `kill-test-${index.toString().padStart(4, "0")}`;
  const body = new URLSearchParams({
    name: "Load Tester",
    email: `load${index}@example.com`,
    service: "web-platforms",
    budget: "not-sure",
    timeline: "exploring",
    message: `${marker}: a message long enough to be accepted by the form.`,
    formToken: tokens[index],
    website: "",
  });
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  return { marker, body, address };
}

async function post(server: RunningServer, { body, address }: ReturnType<typeof submissionOf>) {
  const response = await fetch(`${server.url}/contact`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: server.url, "X-Forwarded-For": address },
  });
  return { isAcknowledged: response.status === 302 || response.status === 303, response };
}

/**
 * Sends TOTAL contact submissions, IN_FLIGHT at a time, each filling with its own
 * token; kills the server with SIGKILL part-way. Resolves with the tokens and the
 * markers whose submission got a success answer.
 */
async function submitUntilKilled(server: RunningServer) {
  const tokens = await fetchFormTokens(server.url, { count: TOTAL });
  const acknowledged: string[] = [];
  let next = 0;
  let killed = false;
  const send = async (index: number) => {
    const submission = submissionOf(index, tokens);
    try {
      const { isAcknowledged, response } = await post(server, submission);
      if (isAcknowledged) acknowledged.push(submission.marker);
      else if (!killed)
        throw new Error(
          `submission ${index} answered ${response.status}: ${await response.text()}`,
        );
    } catch (error) {
      if (!killed) throw error;
    }
  };
  const worker = async () => {
    while (next < TOTAL) {
      const index = next++;
      if (index === Math.floor(TOTAL / 3) && !killed) {
        killed = true;
        await server.kill();
      }
      await send(index);
    }
  };
  const startedAt = Date.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  console.info(
    `${acknowledged.length} of ${TOTAL} acknowledged before kill -9, ${Date.now() - startedAt} ms`,
  );
  return { acknowledged, tokens };
}

/**
 * What a sender does who saw a reset connection (or anything else): sends the same
 * form again. Every one of them, acknowledged or not, to the restarted server.
 */
async function sendAllAgain(server: RunningServer, tokens: string[]) {
  let next = 0;
  const refused: string[] = [];
  const worker = async () => {
    while (next < TOTAL) {
      const submission = submissionOf(next++, tokens);
      const { isAcknowledged, response } = await post(server, submission);
      if (!isAcknowledged) refused.push(`${submission.marker}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  expect(refused).toEqual([]);
}

async function storedMarkers(database: Database) {
  const rows = await database.db.select({ message: leads.message }).from(leads);
  return rows
    .map((row) => row.message.split(":")[0])
    .filter((marker) => marker.startsWith("kill-test-"));
}

function expectEveryAcknowledgedStoredOnce(acknowledged: string[], stored: string[]) {
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(new Set(stored).size, "no submission is stored twice").toBe(stored.length);
  const storedSet = new Set(stored);
  const lost = acknowledged.filter((marker) => !storedSet.has(marker));
  expect(lost, "every acknowledged submission survives kill -9").toEqual([]);
}

/** After everything was sent again: each submission stored exactly once. */
function expectEverySubmissionStoredOnce(stored: string[]) {
  expect(new Set(stored).size, "no submission is stored twice").toBe(stored.length);
  expect(stored.length, "every submission sent again is stored").toBe(TOTAL);
}

describe("kill -9 during a burst of contact submissions", () => {
  it("keeps every acknowledged submission exactly once on the embedded database", {
    timeout: budget(240_000),
  }, async () => {
    const server = await startServer({
      keepData: true,
      env: { TRUST_PROXY: "true" },
    });
    const { acknowledged, tokens } = await submitUntilKilled(server);
    // Restart on the same data (recovery), then read what is stored.
    const env = { TRUST_PROXY: "true" };
    const restarted = await startServer({ dataDir: server.dataDir, env });
    expect((await fetch(restarted.url)).status).toBe(200);
    await restarted.stop();
    let database = await openDatabase({ dataDir: server.dataDir });
    try {
      expectEveryAcknowledgedStoredOnce(acknowledged, await storedMarkers(database));
    } finally {
      await database.close();
    }
    // Every sender presses Send again: nothing is stored twice, nothing is missing.
    const again = await startServer({ dataDir: server.dataDir, env });
    await sendAllAgain(again, tokens);
    await again.stop();
    database = await openDatabase({ dataDir: server.dataDir });
    try {
      expectEverySubmissionStoredOnce(await storedMarkers(database));
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "keeps every acknowledged submission exactly once on PostgreSQL",
    { timeout: budget(240_000) },
    async () => {
      const temp = await createTempPostgresDatabase();
      try {
        // Both instances sign and check form tokens with one secret, as instances behind a balancer do.
        const env = {
          DATABASE_URL: temp.url,
          TRUST_PROXY: "true",
          AUTH_SECRET: "resilience-test-secret-0123456789abcdef",
        };
        const server = await startServer({ env });
        const { acknowledged, tokens } = await submitUntilKilled(server);
        const restarted = await startServer({ env });
        expect((await fetch(restarted.url)).status).toBe(200);
        const database = await openDatabase({ databaseUrl: temp.url });
        try {
          expectEveryAcknowledgedStoredOnce(acknowledged, await storedMarkers(database));
          // Every sender presses Send again: nothing is stored twice, nothing is missing.
          await sendAllAgain(restarted, tokens);
          expectEverySubmissionStoredOnce(await storedMarkers(database));
        } finally {
          await restarted.stop();
          await database.close();
        }
      } finally {
        await temp.drop();
      }
    },
  );
});
