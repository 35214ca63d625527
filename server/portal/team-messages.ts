import { count, desc, eq, gt, sum } from "drizzle-orm";
import type { StaffUser } from "#server/auth/roles.ts";
import { publishChatEvent } from "#server/chat/events.ts";
import type { Database, Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { portalThreads } from "#server/db/schema/messages.ts";
import { projects } from "#server/db/schema/projects.ts";
import { AppError } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { announceProjectChange } from "#server/projects/changes.ts";
import { queueMessageNotice } from "./message-notices";
import {
  appendMessage,
  findThread,
  listThreadMessages,
  markThreadRead,
  parseMessageBody,
  unreadBy,
} from "./thread-store";

// The team's side of project messages, answered in the staff inbox (/admin/chat, the
// "Clients" filter; decision 415). Staff see every client's threads.

/** Project threads with messages, newest activity first, with what the team has not read. */
export async function findClientThreads(
  db: Db,
  { page = 1, pageSize = 30 }: { page?: number; pageSize?: number } = {},
) {
  const where = gt(portalThreads.lastSeq, 0);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        projectId: portalThreads.projectId,
        projectName: projects.name,
        clientId: clients.id,
        company: clients.company,
        lastMessageAt: portalThreads.lastMessageAt,
        lastMessagePreview: portalThreads.lastMessagePreview,
        lastAuthorKind: portalThreads.lastAuthorKind,
        staffUnread: unreadBy("staff"),
      })
      .from(portalThreads)
      .innerJoin(projects, eq(projects.id, portalThreads.projectId))
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .where(where)
      .orderBy(desc(portalThreads.lastMessageAt), desc(portalThreads.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ total: count() }).from(portalThreads).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, staffUnread: Number(row.staffUnread) })),
    total,
    page,
    pageSize,
  };
}

/** Client messages the team has not read, across all threads (the inbox badge). */
export async function countClientUnreadForStaff(db: Db) {
  const [row] = await db.select({ unread: sum(unreadBy("staff")) }).from(portalThreads);
  return Number(row?.unread ?? 0);
}

/** A project's thread for staff (it may have no message yet: staff can write first). */
export async function getClientThread({ db, projectId }: { db: Db; projectId: string }) {
  if (!isUuid(projectId)) return undefined;
  const [project] = await db
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      clientId: clients.id,
      company: clients.company,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, projectId));
  if (!project) return undefined;
  const thread = await findThread(db, project.id);
  return {
    project,
    messages: thread ? await listThreadMessages(db, thread.id) : [],
    staffReadSeq: thread?.staffReadSeq ?? 0,
    /** The client side has seen the team's messages up to here. */
    clientReadSeq: thread?.clientReadSeq ?? 0,
    clientReadAt: thread?.clientReadAt?.toISOString() ?? null,
  };
}

/** Staff looked at the thread: the team's read mark moves, and other staff tabs hear of it. */
export async function markClientThreadRead({
  database,
  projectId,
}: {
  database: Database;
  projectId: string;
}) {
  if (!isUuid(projectId)) return false;
  const hasMoved = await markThreadRead(database.db, { projectId, side: "staff" });
  if (hasMoved) {
    const thread = await findThread(database.db, projectId);
    if (thread)
      await publishChatEvent(database, { type: "conversation", conversationId: thread.id });
  }
  return hasMoved;
}

/**
 * A staff reply: stored, announced to the client's open portal tabs (NOTIFY on commit) and to
 * other staff, and queued for the client's contacts' next batched mail.
 */
export async function replyToClientThread({
  database,
  staff,
  projectId,
  body,
  now = new Date(),
}: {
  database: Database;
  staff: Pick<StaffUser, "id" | "name">;
  projectId: string;
  body: unknown;
  now?: Date;
}) {
  const text = parseMessageBody(body);
  if (!isUuid(projectId)) throw new AppError("NOT_FOUND", "That project no longer exists.");
  const { thread, message, clientId } = await database.db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id, clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) throw new AppError("NOT_FOUND", "That project no longer exists.");
    const written = await appendMessage(tx, {
      projectId,
      authorKind: "staff",
      authorName: staff.name,
      staffId: staff.id,
      body: text,
      now,
    });
    await announceProjectChange(tx, { clientId: project.clientId, projectId, what: "messages" });
    return { ...written, clientId: project.clientId };
  });
  await queueMessageNotice(database.db, { side: "client", clientId, now });
  await publishChatEvent(database, { type: "conversation", conversationId: thread.id });
  return message;
}
