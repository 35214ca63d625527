import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signOut } from "#server/auth/sign-in.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { CHAT_CLOSE } from "#shared/chat.ts";
import { connect, signInStaff, startChatInstance } from "#tests/helpers/chat.ts";

const url = process.env.TEST_DATABASE_URL;

/** Runs SQL on the server's maintenance connection (create/drop a database). */
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Two app instances share one PostgreSQL: each has its own pool and its own
// LISTEN connection, exactly as two processes behind a load balancer would.
describe.skipIf(!url)("chat across two instances on one PostgreSQL", () => {
  const name = `chat_${randomBytes(5).toString("hex")}`;
  const databases: Database[] = [];
  const instances: Array<Awaited<ReturnType<typeof startChatInstance>>> = [];

  beforeAll(async () => {
    await admin(`create database "${name}"`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    databases.push(await openDatabase({ databaseUrl: target.toString() }));
    databases.push(await openDatabase({ databaseUrl: target.toString(), migrate: false }));
    for (const database of databases) instances.push(await startChatInstance(database));
  }, 60_000);

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const database of databases) await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it("delivers a message sent through one instance to sockets on the other", async () => {
    const [a, b] = instances;
    const visitorId = `two-instance-${Date.now()}`;
    const staffOnB = await connect(b.url, { staff: true });
    await staffOnB.next("welcome");
    const visitorOnA = await connect(a.url, { visitorId });
    await visitorOnA.next("welcome");
    // The same visitor in a second tab that the load balancer sent to B.
    const secondTabOnB = await connect(b.url, { visitorId });
    await secondTabOnB.next("welcome");

    visitorOnA.send({ type: "send", body: "Sent through A", clientId: "a1" });
    await visitorOnA.next("ack");
    const atStaff = await staffOnB.next(
      "message",
      (frame) => frame.message.body === "Sent through A",
    );
    const atTab = await secondTabOnB.next(
      "message",
      (frame) => frame.message.body === "Sent through A",
    );
    expect(atTab.message.seq).toBe(atStaff.message.seq);

    staffOnB.send({
      type: "send",
      conversationId: atStaff.message.conversationId,
      body: "Answered on B",
      clientId: "b1",
    });
    const reply = await visitorOnA.next(
      "message",
      (frame) => frame.message.body === "Answered on B",
    );
    expect(reply.message.seq).toBe(atStaff.message.seq + 1);
    // Exactly once: each number arrives once (its own message comes back as ack and as message).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const extra = visitorOnA.frames.filter(
      (frame) => frame.type === "message" && frame.message.body === "Answered on B",
    );
    expect(extra).toHaveLength(0);

    visitorOnA.close();
    secondTabOnB.close();
    staffOnB.close();
  });

  it("shows staff online on every instance while a staff socket is open on one", async () => {
    const [a, b] = instances;
    const visitorOnA = await connect(a.url, { visitorId: `presence-${Date.now()}` });
    const welcome = await visitorOnA.next("welcome");
    const staffOnB = await connect(b.url, { staff: true });
    await staffOnB.next("welcome");
    if (!welcome.staffOnline) await visitorOnA.next("presence", (frame) => frame.staffOnline);
    staffOnB.close();
    await visitorOnA.next("presence", (frame) => !frame.staffOnline);
    visitorOnA.close();
  });

  it("closes a staff socket held on B when its session is signed out on A", async () => {
    const [databaseA, databaseB] = databases;
    // Instances that check real sessions; the heartbeat is too slow to be what closes it.
    const b = await startChatInstance(databaseB, { staff: "sessions", heartbeatMs: 600_000 });
    try {
      const staff = await signInStaff(databaseA);
      const onB = await connect(b.url, { cookie: staff.cookie });
      await onB.next("welcome");
      const request = new Request("http://127.0.0.1/logout", {
        method: "POST",
        headers: { cookie: staff.cookie },
      });
      await signOut({ ...staff.context, db: databaseA.db }, request);
      await expect(onB.closed).resolves.toEqual({
        code: CHAT_CLOSE.signedOut,
        reason: "signed out",
      });
    } finally {
      await b.close();
    }
  });
});
