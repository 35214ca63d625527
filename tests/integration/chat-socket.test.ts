import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { connect, startChatInstance } from "#tests/helpers/chat.ts";
import { createTestDatabase } from "#tests/helpers/db.ts";

let counter = 0;
const newVisitor = () => `socket-visitor-${Date.now()}-${counter++}`;

describe("chat socket (one instance, PGlite)", () => {
  let database: Database;
  let instance: Awaited<ReturnType<typeof startChatInstance>>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    instance = await startChatInstance(database);
  });
  afterAll(async () => {
    await instance?.close();
    await database?.close();
  });

  it("refuses a visitor without a signed cookie and a page from another site", async () => {
    await expect(connect(instance.url)).rejects.toThrow("401");
    await expect(
      connect(instance.url, { visitorId: newVisitor(), origin: "https://evil.example" }),
    ).rejects.toThrow("403");
    await expect(connect(instance.url, { staff: false, visitorId: undefined })).rejects.toThrow(
      "401",
    );
  });

  it("stores a visitor's message, acknowledges it and delivers it to staff; the reply comes back", async () => {
    const visitorId = newVisitor();
    const staff = await connect(instance.url, { staff: true });
    await staff.next("welcome");
    const visitor = await connect(instance.url, { visitorId });
    const welcome = await visitor.next("welcome");
    expect(welcome).toMatchObject({ role: "visitor", staffOnline: true });

    visitor.send({ type: "send", body: "Hello there", clientId: "c1" });
    const ack = await visitor.next("ack");
    expect(ack.message).toMatchObject({ seq: 1, body: "Hello there" });
    const atStaff = await staff.next("message", (frame) => frame.message.body === "Hello there");
    const conversationId = atStaff.message.conversationId;

    staff.send({ type: "send", conversationId, body: "Hi! Ada here.", clientId: "s1" });
    await staff.next("ack");
    const reply = await visitor.next("message", (frame) => frame.message.author === "staff");
    expect(reply.message).toMatchObject({ seq: 2, staffName: "Ada", body: "Hi! Ada here." });

    // A reconnecting visitor asks for what came after the last one it has: nothing twice.
    visitor.close();
    const again = await connect(instance.url, { visitorId });
    await again.next("welcome");
    again.send({ type: "sync", afterSeq: 1 });
    const missed = await again.next("messages");
    expect(missed.messages.map((message) => message.seq)).toEqual([2]);
    again.close();
    staff.close();
  });

  it("delivers a message too large for a NOTIFY payload by loading it from the database", async () => {
    const staff = await connect(instance.url, { staff: true });
    await staff.next("welcome");
    const visitor = await connect(instance.url, { visitorId: newVisitor() });
    await visitor.next("welcome");
    // Control characters take six bytes each in JSON: far past the 8 kB NOTIFY limit.
    const body = `big${"\u0001".repeat(1900)}end`;
    visitor.send({ type: "send", body, clientId: "big" });
    await visitor.next("ack");
    const delivered = await staff.next("message", (frame) => frame.message.body.startsWith("big"));
    expect(delivered.message.body).toBe(body);
    visitor.close();
    staff.close();
  });

  it("answers a bad message with an error frame, not a dropped socket", async () => {
    const visitor = await connect(instance.url, { visitorId: newVisitor() });
    await visitor.next("welcome");
    visitor.send({ type: "send", body: "", clientId: "c9" });
    const error = await visitor.next("error");
    expect(error).toMatchObject({ clientId: "c9", error: "Write a message first." });
    visitor.socket.send("not json");
    await visitor.next("error");
    visitor.send({ type: "ping" });
    await visitor.next("pong");
    visitor.close();
  });

  it("tells visitors when the last staff member goes and comes back", async () => {
    const visitor = await connect(instance.url, { visitorId: newVisitor() });
    await visitor.next("welcome");
    const staff = await connect(instance.url, { staff: true });
    await staff.next("welcome");
    staff.close();
    await visitor.next("presence", (frame) => frame.staffOnline === false);
    const back = await connect(instance.url, { staff: true });
    await visitor.next("presence", (frame) => frame.staffOnline === true);
    back.close();
    visitor.close();
  });
});
