import { eq, sql } from "drizzle-orm";
import {
  saveFirstTouchpoints,
  saveTouchpoints,
  type Touchpoint,
} from "#server/analytics/touchpoints.ts";
import { notifyStaff } from "#server/business/notify.ts";
import { limitKeyOf } from "#server/client-address.ts";
import type { Database, Db, Tx } from "#server/db/client.ts";
import { chatConversations, chatMessages } from "#server/db/schema/chat.ts";
import { leads } from "#server/db/schema/leads.ts";
import type { Env } from "#server/env.ts";
import { invalid } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { emitWebhookEvent } from "#server/webhooks/events.ts";
import { leadPayload } from "#server/webhooks/payloads.ts";
import { chatOfflineSchema, chatProfileSchema } from "#shared/chat.ts";
import { toChatMessage, toVisitorConversation } from "./conversation-queries";
import { publishChatEvent } from "./events";
import { PREVIEW_LENGTH, parseBody } from "./message-body";
import { consumeRateLimit } from "./rate-limit";

/** Per visitor and per address, so one person or one machine cannot flood the team. */
export const VISITOR_MESSAGE_LIMIT = { limit: 20, windowMs: 60_000 };
export const ADDRESS_MESSAGE_LIMIT = { limit: 60, windowMs: 60_000 };

async function limitVisitor(db: Db, visitorId: string, address: string | null) {
  await consumeRateLimit(db, { key: `chat:visitor:${visitorId}`, ...VISITOR_MESSAGE_LIMIT });
  if (address)
    await consumeRateLimit(db, {
      key: `chat:address:${limitKeyOf(address)}`,
      ...ADDRESS_MESSAGE_LIMIT,
    });
}

/**
 * Stores a visitor's message in their conversation (made on the first message,
 * reopened when it was closed). The upsert locks the conversation row, so
 * sequence numbers never collide.
 */
async function insertVisitorMessage(
  tx: Tx,
  { visitorId, body, address }: { visitorId: string; body: string; address: string | null },
) {
  const now = new Date();
  const preview = body.slice(0, PREVIEW_LENGTH);
  const [conversation] = await tx
    .insert(chatConversations)
    .values({
      visitorId,
      address,
      lastSeq: 1,
      lastMessageAt: now,
      lastMessagePreview: preview,
      lastMessageAuthor: "visitor",
      staffUnread: 1,
    })
    .onConflictDoUpdate({
      target: chatConversations.visitorId,
      set: {
        lastSeq: sql`${chatConversations.lastSeq} + 1`,
        status: sql`case when ${chatConversations.status} = 'closed' then (case when ${chatConversations.assigneeId} is null then 'open' else 'assigned' end) else ${chatConversations.status} end`,
        lastMessageAt: now,
        lastMessagePreview: preview,
        lastMessageAuthor: "visitor",
        staffUnread: sql`${chatConversations.staffUnread} + 1`,
        address,
        updatedAt: now,
      },
    })
    .returning();
  const [message] = await tx
    .insert(chatMessages)
    .values({
      conversationId: conversation.id,
      seq: conversation.lastSeq,
      author: "visitor",
      body,
      createdAt: now,
    })
    .returning();
  return { conversation, message };
}

export type VisitorMessageOptions = {
  database: Database;
  visitorId: string;
  body: unknown;
  address: string | null;
};

/** A visitor writes: validated, rate limited, stored, then announced to every instance. */
export async function sendVisitorMessage({
  database,
  visitorId,
  body,
  address,
}: VisitorMessageOptions) {
  const text = parseBody(body);
  await limitVisitor(database.db, visitorId, address);
  const { conversation, message } = await database.db.transaction((tx) =>
    insertVisitorMessage(tx, { visitorId, body: text, address }),
  );
  const sent = toChatMessage(message);
  await publishChatEvent(database, {
    type: "message",
    conversationId: conversation.id,
    seq: message.seq,
    visitorId,
    message: sent,
  });
  return { conversation: toVisitorConversation(conversation), message: sent };
}

/** The visitor leaves their name and email (either may be blank). */
export async function updateVisitorProfile({
  database,
  visitorId,
  input,
  address,
}: {
  database: Database;
  visitorId: string;
  input: unknown;
  address: string | null;
}) {
  const parsed = chatProfileSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const values = {
    visitorName: parsed.data.name || null,
    visitorEmail: parsed.data.email.toLowerCase() || null,
  };
  const [conversation] = await database.db
    .insert(chatConversations)
    .values({ visitorId, address, ...values })
    .onConflictDoUpdate({
      target: chatConversations.visitorId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  await publishChatEvent(database, { type: "conversation", conversationId: conversation.id });
  return toVisitorConversation(conversation);
}

/**
 * Nobody is online: the visitor leaves an email and a message. The message
 * joins their conversation and a lead (source "chat") is made, in one transaction;
 * then staff are told by mail, as for any other lead.
 */
export async function takeOfflineMessage({
  database,
  env,
  visitorId,
  input,
  address,
  touchpoints = [],
}: {
  database: Database;
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "STAFF_EMAIL" | "PUBLIC_URL">;
  visitorId: string;
  input: unknown;
  address: string | null;
  /** The pages seen before writing (server/analytics): kept with the lead and the chat. */
  touchpoints?: Touchpoint[];
}) {
  const parsed = chatOfflineSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const { name, body } = parsed.data;
  const email = parsed.data.email.toLowerCase();
  await limitVisitor(database.db, visitorId, address);
  const result = await database.db.transaction(async (tx) => {
    const stored = await insertVisitorMessage(tx, { visitorId, body, address });
    const [conversation] = await tx
      .update(chatConversations)
      .set({ visitorEmail: email, visitorName: name || stored.conversation.visitorName })
      .where(eq(chatConversations.id, stored.conversation.id))
      .returning();
    const [lead] = await tx
      .insert(leads)
      .values({
        name: name || conversation.visitorName || email,
        email,
        message: body,
        source: "chat",
        address,
      })
      .returning();
    await emitWebhookEvent(tx, { type: "lead.created", data: leadPayload(lead) });
    await saveTouchpoints(tx, { leadId: lead.id }, touchpoints);
    await saveFirstTouchpoints(tx, { conversationId: conversation.id }, touchpoints);
    return { conversation, message: stored.message, leadId: lead.id };
  });
  await publishChatEvent(database, {
    type: "message",
    conversationId: result.conversation.id,
    seq: result.message.seq,
    visitorId,
    message: toChatMessage(result.message),
  });
  const who = name || result.conversation.visitorName || email;
  // The visitor's message is stored either way: a mail that cannot go out is logged, never thrown.
  await notifyStaff(
    { db: database.db, env },
    {
      subject: `Chat message left while offline: ${who}`,
      text: [
        `${who} <${email}> wrote in the chat while nobody was online:`,
        "",
        body,
        "",
        `Reply by email, or see the lead: ${env.PUBLIC_URL}/admin/clients?tab=leads`,
        `The conversation: ${env.PUBLIC_URL}/admin/chat`,
      ].join("\n"),
      headers: { "Reply-To": email },
    },
  ).catch((error: unknown) =>
    log.warn("could not tell staff about an offline chat message", error),
  );
  return {
    conversation: toVisitorConversation(result.conversation),
    message: toChatMessage(result.message),
    leadId: result.leadId,
  };
}
