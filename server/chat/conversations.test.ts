import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditEvents } from "#server/db/schema/audit.ts";
import { chatMessages } from "#server/db/schema/chat.ts";
import { clients } from "#server/db/schema/clients.ts";
import { leads } from "#server/db/schema/leads.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { AppError } from "#server/errors.ts";
import { inOneClockWindow } from "#tests/helpers/clock.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  assignConversation,
  closeConversation,
  linkConversationToClient,
  reopenConversation,
} from "./conversation-changes";
import { findMessages, findVisitorConversation } from "./conversation-queries";
import { findConversations } from "./inbox";
import { isStaffOnline, recordPresence } from "./presence";
import { consumeRateLimit } from "./rate-limit";
import { markReadByStaff } from "./read-marks";
import { sendStaffMessage } from "./staff-messages";
import { sendVisitorMessage, takeOfflineMessage, updateVisitorProfile } from "./visitor-messages";

const staff = { id: "staff-a", email: "ada@frontier.test", name: "Ada", role: "admin" as const };
let counter = 0;
const mailEnv = {
  SMTP_URL: undefined,
  MAIL_FROM: "Frontier <hello@frontier.test>",
  STAFF_EMAIL: "team@frontier.test",
  PUBLIC_URL: "https://frontier.test",
};
const newVisitor = () => `visitor-${Date.now()}-${counter++}`;

describeEachDatabase("chat conversations", (get) => {
  it("numbers messages in order and finds what came after a given one", async () => {
    const database = get();
    const visitorId = newVisitor();
    const first = await sendVisitorMessage({
      database,
      visitorId,
      body: " Hello ",
      address: "10.0.0.1",
    });
    expect(first.message).toMatchObject({ seq: 1, author: "visitor", body: "Hello" });
    const reply = await sendStaffMessage({
      database,
      staff,
      conversationId: first.conversation.id,
      body: "Hi, how can we help?",
    });
    expect(reply).toMatchObject({ seq: 2, author: "staff", staffName: "Ada" });
    const all = await findMessages(database.db, { conversationId: first.conversation.id });
    expect(all.map((message) => message.seq)).toEqual([1, 2]);
    const missed = await findMessages(database.db, {
      conversationId: first.conversation.id,
      afterSeq: 1,
    });
    expect(missed.map((message) => message.body)).toEqual(["Hi, how can we help?"]);

    const conversation = await findVisitorConversation(database.db, visitorId);
    expect(conversation).toMatchObject({
      status: "assigned",
      assigneeId: "staff-a",
      staffUnread: 0,
      visitorUnread: 1,
      lastMessagePreview: "Hi, how can we help?",
    });
  });

  it("never gives two messages the same number when they arrive at once", async () => {
    const database = get();
    const visitorId = newVisitor();
    const { conversation } = await sendVisitorMessage({
      database,
      visitorId,
      body: "first",
      address: null,
    });
    await Promise.all([
      ...Array.from({ length: 5 }, (_, index) =>
        sendVisitorMessage({ database, visitorId, body: `visitor ${index}`, address: null }),
      ),
      ...Array.from({ length: 5 }, (_, index) =>
        sendStaffMessage({
          database,
          staff,
          conversationId: conversation.id,
          body: `staff ${index}`,
        }),
      ),
    ]);
    const rows = await database.db
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversation.id));
    expect(rows.map((row) => row.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 11 }, (_, index) => index + 1),
    );
  });

  it("refuses empty and over-long messages with a message a person can act on", async () => {
    const database = get();
    const visitorId = newVisitor();
    await expect(
      sendVisitorMessage({ database, visitorId, body: "   ", address: null }),
    ).rejects.toThrow("Write a message first.");
    await expect(
      sendVisitorMessage({ database, visitorId, body: "x".repeat(2001), address: null }),
    ).rejects.toThrow("Keep it under 2000 characters.");
    await sendVisitorMessage({ database, visitorId, body: "y".repeat(2000), address: null });
  });

  it("limits messages per visitor and per address", async () => {
    const database = get();
    const visitorId = newVisitor();
    // The limits count per minute of the clock: the whole count in one minute, however slow the run.
    await inOneClockWindow(60_000, async () => {
      for (let index = 0; index < 20; index++)
        await sendVisitorMessage({ database, visitorId, body: `m${index}`, address: null });
      const error = await sendVisitorMessage({
        database,
        visitorId,
        body: "one too many",
        address: null,
      }).catch((caught) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe("RATE_LIMITED");
      expect(error.retryAfterSeconds).toBe(59);

      const key = `test:${newVisitor()}`;
      await consumeRateLimit(database.db, { key, limit: 2, windowMs: 60_000 });
      await consumeRateLimit(database.db, { key, limit: 2, windowMs: 60_000 });
      await expect(
        consumeRateLimit(database.db, { key, limit: 2, windowMs: 60_000 }),
      ).rejects.toThrow(/too quickly/);
    });
  });

  it("takes an email while nobody is online and makes a lead from it", async () => {
    const database = get();
    const visitorId = newVisitor();
    await expect(
      takeOfflineMessage({
        database,
        env: mailEnv,
        visitorId,
        input: { email: "nope", body: "hi" },
        address: null,
      }),
    ).rejects.toThrow(AppError);
    const taken = await takeOfflineMessage({
      database,
      env: mailEnv,
      visitorId,
      input: {
        name: "Grace",
        email: "Grace@Example.com",
        body: "Please call me back about an app.",
      },
      address: "10.0.0.9",
    });
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, taken.leadId));
    expect(lead).toMatchObject({
      name: "Grace",
      email: "grace@example.com",
      source: "chat",
      message: "Please call me back about an app.",
    });
    expect(taken.conversation).toMatchObject({
      visitorEmail: "grace@example.com",
      visitorName: "Grace",
    });
    // Staff hear about it, as about any other lead (no SMTP here: the Outbox keeps the mail).
    const [mail] = await database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, mailEnv.STAFF_EMAIL));
    expect(mail).toMatchObject({ subject: "Chat message left while offline: Grace" });
    expect(mail.text).toContain("Please call me back about an app.");
    expect(mail.headers).toMatchObject({ "Reply-To": "grace@example.com" });
  });

  it("keeps the visitor's name and email", async () => {
    const database = get();
    const visitorId = newVisitor();
    await expect(
      updateVisitorProfile({ database, visitorId, input: { email: "bad" }, address: null }),
    ).rejects.toThrow(AppError);
    const conversation = await updateVisitorProfile({
      database,
      visitorId,
      input: { name: "Linus", email: "linus@example.com" },
      address: null,
    });
    expect(conversation).toMatchObject({ visitorName: "Linus", visitorEmail: "linus@example.com" });
  });

  it("assigns, closes, reopens and links a conversation, each in the audit log", async () => {
    const database = get();
    const visitorId = newVisitor();
    const { conversation } = await sendVisitorMessage({
      database,
      visitorId,
      body: "Hello",
      address: null,
    });
    const change = { database, staff, conversationId: conversation.id, address: "10.1.1.1" };

    await assignConversation(change);
    expect(await findVisitorConversation(database.db, visitorId)).toMatchObject({
      status: "assigned",
      assigneeName: "Ada",
    });
    await closeConversation(change);
    expect((await findVisitorConversation(database.db, visitorId))?.status).toBe("closed");
    await reopenConversation(change);
    expect((await findVisitorConversation(database.db, visitorId))?.status).toBe("assigned");

    const [client] = await database.db
      .insert(clients)
      .values({ company: "Acme Rockets" })
      .returning();
    await linkConversationToClient({ ...change, clientId: client.id });
    const listed = await findConversations(database.db, { filter: "all" });
    expect(listed.rows.find((row) => row.id === conversation.id)?.clientName).toBe("Acme Rockets");
    await expect(
      linkConversationToClient({ ...change, clientId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toThrow("That client no longer exists.");

    const actions = await database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.recordId, conversation.id));
    expect(actions.map((row) => row.action).sort()).toEqual([
      "assign",
      "close",
      "link-client",
      "reopen",
    ]);

    await closeConversation(change);
    await sendVisitorMessage({ database, visitorId, body: "Me again", address: null });
    expect((await findVisitorConversation(database.db, visitorId))?.status).toBe("assigned");
  });

  it("counts unread visitor messages until staff read them", async () => {
    const database = get();
    const visitorId = newVisitor();
    await sendVisitorMessage({ database, visitorId, body: "one", address: null });
    const { conversation } = await sendVisitorMessage({
      database,
      visitorId,
      body: "two",
      address: null,
    });
    const listed = await findConversations(database.db, { filter: "active" });
    expect(listed.rows.find((row) => row.id === conversation.id)?.staffUnread).toBe(2);
    await markReadByStaff(database, conversation.id);
    expect((await findVisitorConversation(database.db, visitorId))?.staffUnread).toBe(0);
  });

  it("sees staff online only while a fresh presence row exists", async () => {
    const database = get();
    await recordPresence(database.db, { instanceId: "instance-x", staffIds: ["s1"] });
    expect(await isStaffOnline(database.db)).toBe(true);
    await recordPresence(database.db, { instanceId: "instance-x", staffIds: [] });
    expect(await isStaffOnline(database.db)).toBe(false);
  });
});
