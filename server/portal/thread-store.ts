import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import {
  type MessageAuthorKind,
  portalMessages,
  portalThreads,
} from "#server/db/schema/messages.ts";
import { AppError } from "#server/errors.ts";
import { portalMessageSchema } from "#shared/portal.ts";

// What both sides of a project thread share: writing a message, reading a thread and the
// read marks (decision 415). The contact side is messages.ts, the team's team-messages.ts.

/** How much of the newest message a thread keeps for lists. */
export const MESSAGE_PREVIEW_LENGTH = 140;
/** The newest messages a thread shows. */
export const THREAD_PAGE = 200;

export type ThreadMessage = {
  id: string;
  seq: number;
  authorKind: MessageAuthorKind;
  authorName: string;
  body: string;
  createdAt: string;
};

/** The body as sent, trimmed and within the limit, or a 400 a person can act on. */
export function parseMessageBody(body: unknown) {
  const parsed = portalMessageSchema.safeParse({ body });
  if (!parsed.success)
    throw new AppError("INVALID", parsed.error.issues[0].message, {
      fieldErrors: { body: [parsed.error.issues[0].message] },
    });
  return parsed.data.body;
}

/**
 * Appends a message to a project's thread, creating the thread with its first message,
 * inside the caller's transaction. Writing counts as reading: the author's side has seen
 * everything up to its own message.
 */
export async function appendMessage(
  tx: Tx,
  {
    projectId,
    authorKind,
    authorName,
    contactId = null,
    staffId = null,
    body,
    now = new Date(),
  }: {
    projectId: string;
    authorKind: MessageAuthorKind;
    authorName: string;
    contactId?: string | null;
    staffId?: string | null;
    body: string;
    now?: Date;
  },
) {
  const preview = body.slice(0, MESSAGE_PREVIEW_LENGTH);
  const next = sql`${portalThreads.lastSeq} + 1`;
  const [thread] = await tx
    .insert(portalThreads)
    .values({
      projectId,
      lastSeq: 1,
      lastMessageAt: now,
      lastMessagePreview: preview,
      lastAuthorKind: authorKind,
      ...(authorKind === "contact"
        ? { clientReadSeq: 1, clientReadAt: now }
        : { staffReadSeq: 1, staffReadAt: now }),
    })
    .onConflictDoUpdate({
      target: portalThreads.projectId,
      set: {
        lastSeq: next,
        lastMessageAt: now,
        lastMessagePreview: preview,
        lastAuthorKind: authorKind,
        ...(authorKind === "contact"
          ? { clientReadSeq: next, clientReadAt: now }
          : { staffReadSeq: next, staffReadAt: now }),
      },
    })
    .returning();
  const [message] = await tx
    .insert(portalMessages)
    .values({
      threadId: thread.id,
      seq: thread.lastSeq,
      authorKind,
      authorName,
      contactId,
      staffId,
      body,
      createdAt: now,
    })
    .returning();
  return { thread, message: toThreadMessage(message) };
}

export function toThreadMessage(row: typeof portalMessages.$inferSelect): ThreadMessage {
  return {
    id: row.id,
    seq: row.seq,
    authorKind: row.authorKind,
    authorName: row.authorName,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findThread(db: Db | Tx, projectId: string) {
  const [thread] = await db
    .select()
    .from(portalThreads)
    .where(eq(portalThreads.projectId, projectId));
  return thread;
}

/** A thread's newest messages, oldest first. */
export async function listThreadMessages(db: Db, threadId: string) {
  const rows = await db
    .select()
    .from(portalMessages)
    .where(eq(portalMessages.threadId, threadId))
    .orderBy(desc(portalMessages.seq))
    .limit(THREAD_PAGE);
  return rows.reverse().map(toThreadMessage);
}

/**
 * Moves one side's read mark to the thread's newest message; true when it moved (there
 * was something unread). Never moves a mark back.
 */
export async function markThreadRead(
  db: Db | Tx,
  {
    projectId,
    side,
    now = new Date(),
  }: { projectId: string; side: "client" | "staff"; now?: Date },
) {
  const seq = side === "client" ? portalThreads.clientReadSeq : portalThreads.staffReadSeq;
  const rows = await db
    .update(portalThreads)
    .set(
      side === "client"
        ? { clientReadSeq: sql`${portalThreads.lastSeq}`, clientReadAt: now }
        : { staffReadSeq: sql`${portalThreads.lastSeq}`, staffReadAt: now },
    )
    .where(and(eq(portalThreads.projectId, projectId), gt(portalThreads.lastSeq, seq)))
    .returning({ id: portalThreads.id });
  return rows.length > 0;
}

/** Messages written by `author` that the other side has not read, per thread (an SQL expression). */
export function unreadBy(side: "client" | "staff") {
  const author = side === "client" ? "staff" : "contact";
  const mark = side === "client" ? portalThreads.clientReadSeq : portalThreads.staffReadSeq;
  return sql<number>`(select count(*)::int from ${portalMessages} where ${portalMessages.threadId} = ${portalThreads.id} and ${portalMessages.authorKind} = ${author} and ${portalMessages.seq} > ${mark})`;
}
