import { and, asc, count, desc, eq, gt, inArray, ne, type SQL, sql, sum } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { StaffUser } from "#server/auth/roles.ts";
import type { Database, Db, Tx } from "#server/db/client.ts";
import {
  type ConversationStatus,
  chatConversations,
  chatMessages,
  type MessageAuthor,
} from "#server/db/schema/chat.ts";
import { clients } from "#server/db/schema/clients.ts";
import { leads } from "#server/db/schema/leads.ts";
import { AppError, invalid } from "#server/errors.ts";
import {
  type ChatMessage,
  chatBodySchema,
  chatOfflineSchema,
  chatProfileSchema,
  type VisitorConversation,
} from "#shared/chat.ts";
import { publishChatEvent } from "./events";
import { consumeRateLimit } from "./rate-limit";

/** Per visitor and per address, so one person or one machine cannot flood the team. */
export const VISITOR_MESSAGE_LIMIT = { limit: 20, windowMs: 60_000 };
export const ADDRESS_MESSAGE_LIMIT = { limit: 60, windowMs: 60_000 };

const PREVIEW_LENGTH = 140;

type MessageRow = typeof chatMessages.$inferSelect;
export type ConversationRow = typeof chatConversations.$inferSelect;

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    author: row.author,
    staffName: row.author === "staff" ? (row.staffName ?? "Frontier team") : null,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toVisitorConversation(row: ConversationRow): VisitorConversation {
  return {
    id: row.id,
    visitorName: row.visitorName,
    visitorEmail: row.visitorEmail,
    status: row.status,
    visitorUnread: row.visitorUnread,
  };
}

function parseBody(body: unknown) {
  const parsed = chatBodySchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error, parsed.error.issues[0].message);
  return parsed.data;
}

async function limitVisitor(db: Db, visitorId: string, address: string | null) {
  await consumeRateLimit(db, { key: `chat:visitor:${visitorId}`, ...VISITOR_MESSAGE_LIMIT });
  if (address)
    await consumeRateLimit(db, { key: `chat:address:${address}`, ...ADDRESS_MESSAGE_LIMIT });
}

export async function findVisitorConversation(db: Db, visitorId: string) {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.visitorId, visitorId));
  return row;
}

export async function findConversation(db: Db, conversationId: string) {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  return row;
}

/** Messages after `afterSeq`, oldest first: a reconnecting socket asks for what it missed. */
export async function findMessages(
  db: Db,
  {
    conversationId,
    afterSeq = 0,
    limit = 500,
  }: { conversationId: string; afterSeq?: number; limit?: number },
) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, afterSeq)))
    .orderBy(asc(chatMessages.seq))
    .limit(limit);
  return rows.map(toChatMessage);
}

export async function findMessage(
  db: Db,
  { conversationId, seq }: { conversationId: string; seq: number },
) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.seq, seq)));
  return row ? toChatMessage(row) : undefined;
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
 * joins their conversation and a lead (source "chat") is made, in one transaction.
 */
export async function takeOfflineMessage({
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
      .returning({ id: leads.id });
    return { conversation, message: stored.message, leadId: lead.id };
  });
  await publishChatEvent(database, {
    type: "message",
    conversationId: result.conversation.id,
    seq: result.message.seq,
    visitorId,
    message: toChatMessage(result.message),
  });
  return {
    conversation: toVisitorConversation(result.conversation),
    message: toChatMessage(result.message),
    leadId: result.leadId,
  };
}

/**
 * A staff reply. Answering an unassigned or closed conversation assigns it to
 * the one who answers; it also counts as reading it.
 */
export async function sendStaffMessage({
  database,
  staff,
  conversationId,
  body,
}: {
  database: Database;
  staff: Pick<StaffUser, "id" | "name">;
  conversationId: string;
  body: unknown;
}) {
  const text = parseBody(body);
  const now = new Date();
  const message = await database.db.transaction(async (tx) => {
    const [conversation] = await tx
      .update(chatConversations)
      .set({
        lastSeq: sql`${chatConversations.lastSeq} + 1`,
        status: "assigned",
        assigneeId: sql`coalesce(case when ${chatConversations.status} = 'closed' then null else ${chatConversations.assigneeId} end, ${staff.id})`,
        assigneeName: sql`case when ${chatConversations.assigneeId} is null or ${chatConversations.status} = 'closed' then ${staff.name} else ${chatConversations.assigneeName} end`,
        lastMessageAt: now,
        lastMessagePreview: text.slice(0, PREVIEW_LENGTH),
        lastMessageAuthor: "staff",
        visitorUnread: sql`${chatConversations.visitorUnread} + 1`,
        staffUnread: 0,
        updatedAt: now,
      })
      .where(eq(chatConversations.id, conversationId))
      .returning();
    if (!conversation) throw new AppError("NOT_FOUND", "That conversation no longer exists.");
    const [row] = await tx
      .insert(chatMessages)
      .values({
        conversationId,
        seq: conversation.lastSeq,
        author: "staff",
        staffId: staff.id,
        staffName: staff.name,
        body: text,
        createdAt: now,
      })
      .returning();
    return { row, visitorId: conversation.visitorId };
  });
  const sent = toChatMessage(message.row);
  await publishChatEvent(database, {
    type: "message",
    conversationId,
    seq: sent.seq,
    visitorId: message.visitorId,
    message: sent,
  });
  return sent;
}

export async function markReadByVisitor(database: Database, visitorId: string) {
  const [row] = await database.db
    .update(chatConversations)
    .set({ visitorUnread: 0 })
    .where(and(eq(chatConversations.visitorId, visitorId), gt(chatConversations.visitorUnread, 0)))
    .returning({ id: chatConversations.id });
  if (row) await publishChatEvent(database, { type: "conversation", conversationId: row.id });
}

export async function markReadByStaff(database: Database, conversationId: string) {
  const [row] = await database.db
    .update(chatConversations)
    .set({ staffUnread: 0 })
    .where(and(eq(chatConversations.id, conversationId), gt(chatConversations.staffUnread, 0)))
    .returning({ id: chatConversations.id });
  if (row) await publishChatEvent(database, { type: "conversation", conversationId });
}

type StaffChange = {
  database: Database;
  staff: StaffUser;
  conversationId: string;
  address?: string | null;
};

async function changeConversation(
  { database, staff, conversationId, address }: StaffChange,
  action: string,
  values: Partial<typeof chatConversations.$inferInsert>,
  detail: Record<string, unknown> = {},
) {
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatConversations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(chatConversations.id, conversationId))
      .returning({ id: chatConversations.id });
    if (!row) throw new AppError("NOT_FOUND", "That conversation no longer exists.");
    await recordAudit(tx, {
      actorId: staff.id,
      actorEmail: staff.email,
      action,
      area: "chat",
      recordId: conversationId,
      detail,
      address,
    });
  });
  await publishChatEvent(database, { type: "conversation", conversationId });
}

export function assignConversation(change: StaffChange) {
  return changeConversation(change, "assign", {
    status: "assigned",
    assigneeId: change.staff.id,
    assigneeName: change.staff.name,
  });
}

export function closeConversation(change: StaffChange) {
  return changeConversation(change, "close", { status: "closed", staffUnread: 0 });
}

export async function reopenConversation(change: StaffChange) {
  const conversation = await findConversation(change.database.db, change.conversationId);
  if (!conversation) throw new AppError("NOT_FOUND", "That conversation no longer exists.");
  return changeConversation(change, "reopen", {
    status: conversation.assigneeId ? "assigned" : "open",
  });
}

/** Links the visitor to a client record (or unlinks with null). */
export async function linkConversationToClient(change: StaffChange & { clientId: string | null }) {
  if (change.clientId) {
    const [client] = await change.database.db
      .select({ id: clients.id, company: clients.company })
      .from(clients)
      .where(eq(clients.id, change.clientId));
    if (!client) throw new AppError("NOT_FOUND", "That client no longer exists.");
    return changeConversation(
      change,
      "link-client",
      { clientId: client.id },
      { client: client.company },
    );
  }
  return changeConversation(change, "unlink-client", { clientId: null });
}

export type ConversationFilter = "active" | "open" | "assigned" | "mine" | "closed" | "all";

/** The staff list: newest activity first, with unread counts and the linked client's name. */
export async function findConversations(
  db: Db,
  {
    filter = "active",
    staffId,
    page = 1,
    pageSize = 30,
  }: {
    filter?: ConversationFilter;
    staffId?: string;
    page?: number;
    pageSize?: number;
  },
) {
  const conditions: SQL[] = [sql`${chatConversations.lastSeq} > 0`];
  if (filter === "active") conditions.push(ne(chatConversations.status, "closed"));
  else if (filter === "mine" && staffId)
    conditions.push(
      and(eq(chatConversations.assigneeId, staffId), ne(chatConversations.status, "closed"))!,
    );
  else if (filter !== "all")
    conditions.push(eq(chatConversations.status, filter as ConversationStatus));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: chatConversations.id,
        visitorName: chatConversations.visitorName,
        visitorEmail: chatConversations.visitorEmail,
        status: chatConversations.status,
        assigneeId: chatConversations.assigneeId,
        assigneeName: chatConversations.assigneeName,
        clientId: chatConversations.clientId,
        clientName: clients.company,
        lastMessageAt: chatConversations.lastMessageAt,
        lastMessagePreview: chatConversations.lastMessagePreview,
        lastMessageAuthor: chatConversations.lastMessageAuthor,
        staffUnread: chatConversations.staffUnread,
      })
      .from(chatConversations)
      .leftJoin(clients, eq(clients.id, chatConversations.clientId))
      .where(where)
      .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ total: count() }).from(chatConversations).where(where),
  ]);
  return { rows, total, page, pageSize };
}

/** Unread visitor messages across conversations that are not closed (the sidebar badge). */
export async function countUnreadForStaff(db: Db) {
  const [row] = await db
    .select({ unread: sum(chatConversations.staffUnread) })
    .from(chatConversations)
    .where(inArray(chatConversations.status, ["open", "assigned"]));
  return Number(row?.unread ?? 0);
}

export type { MessageAuthor };
