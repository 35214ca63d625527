import { desc, eq, sql, sum } from "drizzle-orm";
import { publishChatEvent } from "#server/chat/events.ts";
import { consumeRateLimit } from "#server/chat/rate-limit.ts";
import type { Database, Db } from "#server/db/client.ts";
import { portalThreads } from "#server/db/schema/messages.ts";
import { projects } from "#server/db/schema/projects.ts";
import { announceProjectChange } from "#server/projects/changes.ts";
import { recordPortalEvent } from "./activity";
import { queueMessageNotice } from "./message-notices";
import { requireOwnProject } from "./onboarding";
import type { PortalViewer } from "./session";
import {
  appendMessage,
  findThread,
  listThreadMessages,
  markThreadRead,
  parseMessageBody,
  unreadBy,
} from "./thread-store";

// The contact's side of project messages (decision 415): every query is scoped to the
// viewer's client through the project, so another client's thread is a 404.

/** A contact may send this many messages a minute, and this many a day. */
export const CONTACT_MESSAGE_LIMITS = [
  { windowMs: 60_000, limit: 10 },
  { windowMs: 24 * 3600_000, limit: 200 },
];

/** Every project of the client with its thread: newest activity first, unread counts for the client. */
export async function listPortalThreads({ db, clientId }: { db: Db; clientId: string }) {
  const rows = await db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      status: projects.status,
      lastMessageAt: portalThreads.lastMessageAt,
      lastMessagePreview: portalThreads.lastMessagePreview,
      lastAuthorKind: portalThreads.lastAuthorKind,
      unread: sql<number>`coalesce(${unreadBy("client")}, 0)`,
    })
    .from(projects)
    .leftJoin(portalThreads, eq(portalThreads.projectId, projects.id))
    .where(eq(projects.clientId, clientId))
    .orderBy(sql`${portalThreads.lastMessageAt} desc nulls last`, desc(projects.createdAt));
  return rows.map((row) => ({ ...row, unread: Number(row.unread) }));
}

/** Messages from the team the client's contacts have not read yet (the nav badge). */
export async function countPortalUnread({ db, clientId }: { db: Db; clientId: string }) {
  const [row] = await db
    .select({ unread: sum(unreadBy("client")) })
    .from(portalThreads)
    .innerJoin(projects, eq(projects.id, portalThreads.projectId))
    .where(eq(projects.clientId, clientId));
  return Number(row?.unread ?? 0);
}

/** A project's thread for the contact: the project, its newest messages and what is unread. */
export async function getPortalThread({
  db,
  viewer,
  projectId,
}: {
  db: Db;
  viewer: Pick<PortalViewer, "clientId">;
  projectId: string;
}) {
  const project = await requireOwnProject({ db, viewer, projectId });
  const thread = await findThread(db, project.id);
  const messages = thread ? await listThreadMessages(db, thread.id) : [];
  return {
    project: { id: project.id, name: project.name, status: project.status },
    messages,
    unread: messages.filter(
      (message) => message.authorKind === "staff" && message.seq > (thread?.clientReadSeq ?? 0),
    ).length,
  };
}

/**
 * The contact has seen the thread: the client side's read mark moves to its newest message,
 * and the staff inbox hears of it ("Seen by the client").
 */
export async function markPortalThreadRead({
  database,
  viewer,
  projectId,
}: {
  database: Database;
  viewer: Pick<PortalViewer, "clientId">;
  projectId: string;
}) {
  const project = await requireOwnProject({ db: database.db, viewer, projectId });
  const hasMoved = await markThreadRead(database.db, { projectId: project.id, side: "client" });
  const thread = hasMoved ? await findThread(database.db, project.id) : undefined;
  if (thread) await publishChatEvent(database, { type: "conversation", conversationId: thread.id });
  return hasMoved;
}

/**
 * A contact writes to the team: checked, limited per contact, stored with its timeline
 * entry, announced to the portal tabs (NOTIFY on commit) and the staff inbox, and queued
 * for the team's next batched mail.
 */
export async function postPortalMessage({
  database,
  viewer,
  projectId,
  body,
  address,
  now = new Date(),
}: {
  database: Database;
  viewer: PortalViewer;
  projectId: string;
  body: unknown;
  address: string;
  now?: Date;
}) {
  const { db } = database;
  const text = parseMessageBody(body);
  const project = await requireOwnProject({ db, viewer, projectId });
  for (const { windowMs, limit } of CONTACT_MESSAGE_LIMITS)
    await consumeRateLimit(db, { key: `portal-message:${viewer.contactId}`, limit, windowMs });
  const { thread, message } = await db.transaction(async (tx) => {
    const written = await appendMessage(tx, {
      projectId: project.id,
      authorKind: "contact",
      authorName: viewer.name,
      contactId: viewer.contactId,
      body: text,
      now,
    });
    await recordPortalEvent(tx, {
      viewer,
      address,
      action: "message-sent",
      summary: `${viewer.name} wrote to the team about ${project.name}`,
      detail: { projectId: project.id, messageId: written.message.id },
    });
    await announceProjectChange(tx, {
      clientId: viewer.clientId,
      projectId: project.id,
      what: "messages",
    });
    return written;
  });
  await queueMessageNotice(db, { side: "staff", now });
  await publishChatEvent(database, { type: "conversation", conversationId: thread.id });
  return message;
}
