import { describe, expect, it } from "vitest";
import { FORM_TOKEN_PATTERN, MIN_FILL_MS } from "#server/antispam/antispam.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { leads } from "#server/db/schema/leads.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";

const TOTAL = 1000;
const IN_FLIGHT = 100;

/**
 * Sends TOTAL contact submissions, IN_FLIGHT at a time, each from its own
 * address and carrying its own marker; kills the server with SIGKILL part-way.
 * Resolves with the markers whose submission got a success answer.
 */
async function submitUntilKilled(server: RunningServer) {
  const page = await (await fetch(`${server.url}/contact`)).text();
  const token = page.match(FORM_TOKEN_PATTERN)?.[0];
  expect(token, "the contact page carries a form token").toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 200));

  const acknowledged: string[] = [];
  let next = 0;
  let killed = false;
  const send = async (index: number) => {
    const marker = `kill-test-${index.toString().padStart(4, "0")}`;
    const body = new URLSearchParams({
      name: "Load Tester",
      email: `load${index}@example.com`,
      service: "web-platforms",
      budget: "not-sure",
      timeline: "exploring",
      message: `${marker}: a message long enough to be accepted by the form.`,
      formToken: token!,
      website: "",
    });
    try {
      const response = await fetch(`${server.url}/contact`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: {
          Origin: server.url,
          "X-Forwarded-For": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
        },
      });
      if (response.status === 302 || response.status === 303) acknowledged.push(marker);
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
  return acknowledged;
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

describe("kill -9 during a burst of contact submissions", () => {
  it("keeps every acknowledged submission exactly once on the embedded database", {
    timeout: 240_000,
  }, async () => {
    const server = await startServer({
      keepData: true,
      env: { TRUST_PROXY: "true" },
    });
    const acknowledged = await submitUntilKilled(server);
    // Restart on the same data (recovery), then read what is stored.
    const restarted = await startServer({ dataDir: server.dataDir });
    expect((await fetch(restarted.url)).status).toBe(200);
    await restarted.stop();
    const database = await openDatabase({ dataDir: server.dataDir });
    try {
      expectEveryAcknowledgedStoredOnce(acknowledged, await storedMarkers(database));
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "keeps every acknowledged submission exactly once on PostgreSQL",
    { timeout: 240_000 },
    async () => {
      const temp = await createTempPostgresDatabase();
      try {
        const env = { DATABASE_URL: temp.url, TRUST_PROXY: "true" };
        const server = await startServer({ env });
        const acknowledged = await submitUntilKilled(server);
        const restarted = await startServer({ env });
        expect((await fetch(restarted.url)).status).toBe(200);
        await restarted.stop();
        const database = await openDatabase({ databaseUrl: temp.url });
        try {
          expectEveryAcknowledgedStoredOnce(acknowledged, await storedMarkers(database));
        } finally {
          await database.close();
        }
      } finally {
        await temp.drop();
      }
    },
  );
});
