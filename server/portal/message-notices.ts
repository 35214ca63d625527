import { and, eq, isNull, sql } from "drizzle-orm";
import { escapeHtml, mailClient, notifyStaff } from "#server/business/notify.ts";
import type { Db } from "#server/db/client.ts";
import { clientContacts } from "#server/db/schema/clients.ts";
import { portalAccess } from "#server/db/schema/portal.ts";
import type { Env } from "#server/env.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";

// Mail about new messages, in batches (decision 416): a message queues its side's notice
// job for the end of the current five-minute window (one job per recipient and window,
// by the jobs table's unique key); the job takes every message still waiting and sends one
// mail per recipient. Messages the other side has read meanwhile are not mailed.

export const MESSAGE_NOTICE_JOB = "portal.message-notice";
/** At most one mail per recipient per window. */
export const NOTICE_WINDOW_MS = 5 * 60_000;
const EXCERPT_LENGTH = 500;

type NoticeEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "STAFF_EMAIL" | "PUBLIC_URL">;

/** Who is told: the team (about contacts' messages) or one client's contacts (about the team's). */
export type NoticeSide = { side: "staff" } | { side: "client"; clientId: string };

/** Queues the side's notice job for the end of the current window, once per window. */
export async function queueMessageNotice(
  db: Db,
  { now = new Date(), ...target }: NoticeSide & { now?: Date },
) {
  const slot = Math.floor(now.getTime() / NOTICE_WINDOW_MS);
  const recipient = target.side === "staff" ? "staff" : `client:${target.clientId}`;
  await enqueueJob(db, {
    kind: MESSAGE_NOTICE_JOB,
    payload: target,
    runAt: new Date((slot + 1) * NOTICE_WINDOW_MS),
    uniqueKey: `${MESSAGE_NOTICE_JOB}:${recipient}@${slot}`,
    maxAttempts: 3,
  });
}

type Waiting = {
  seq: number;
  author_name: string;
  body: string;
  project_id: string;
  project_name: string;
  client_id: string;
  company: string;
  is_unread: boolean;
};

/**
 * Takes every message waiting for this side's notice, in one statement, so two runners
 * never take the same message; returns those still unread.
 */
async function takeWaiting(db: Db, target: NoticeSide) {
  const author = target.side === "staff" ? "contact" : "staff";
  const mark = target.side === "staff" ? sql`t.staff_read_seq` : sql`t.client_read_seq`;
  const result = await db.execute(sql`
    update portal_messages as m set noticed_at = now()
    from portal_threads as t, projects as p, clients as c
    where m.thread_id = t.id and p.id = t.project_id and c.id = p.client_id
      and m.noticed_at is null and m.author_kind = ${author}
      ${target.side === "client" ? sql`and p.client_id = ${target.clientId}` : sql``}
    returning m.seq, m.author_name, m.body, t.project_id, p.name as project_name,
      p.client_id, c.company, (m.seq > ${mark}) as is_unread`);
  return (result.rows as Waiting[]).filter((row) => row.is_unread);
}

function byProject(rows: Waiting[]) {
  const groups = new Map<string, Waiting[]>();
  for (const row of [...rows].sort((a, b) => a.seq - b.seq))
    groups.set(row.project_id, [...(groups.get(row.project_id) ?? []), row]);
  return [...groups.values()];
}

const excerpt = (body: string) =>
  body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH)}…` : body;

function digest(
  groups: Waiting[][],
  linkOf: (projectId: string) => string,
  title: (first: Waiting) => string,
) {
  const text = groups
    .map((group) =>
      [
        title(group[0]),
        ...group.map((row) => `${row.author_name}: ${excerpt(row.body)}`),
        `Read and answer: ${linkOf(group[0].project_id)}`,
      ].join("\n\n"),
    )
    .join("\n\n---\n\n");
  const html = groups
    .map(
      (group) =>
        `<h2 style="font-size:16px">${escapeHtml(title(group[0]))}</h2>${group
          .map(
            (row) =>
              `<p><strong>${escapeHtml(row.author_name)}</strong><br>${escapeHtml(excerpt(row.body)).replace(/\n/g, "<br>")}</p>`,
          )
          .join(
            "",
          )}<p><a href="${escapeHtml(linkOf(group[0].project_id))}">Read and answer</a></p>`,
    )
    .join("<hr>");
  return { text, html };
}

/**
 * The notice job: one mail per recipient with every message that waited for it. Staff hear
 * through `notifyStaff`; a client's contacts with portal access each get a link to the thread.
 * Returns how many messages were mailed.
 */
export async function sendMessageNotices({
  db,
  env,
  target,
}: {
  db: Db;
  env: NoticeEnv;
  target: NoticeSide;
}) {
  const unread = await takeWaiting(db, target);
  if (!unread.length) return 0;
  const groups = byProject(unread);
  const count = `${unread.length} new message${unread.length === 1 ? "" : "s"}`;
  if (target.side === "staff") {
    const companies = [...new Set(unread.map((row) => row.company))];
    const { text, html } = digest(
      groups,
      (projectId) => `${env.PUBLIC_URL}/admin/chat?filter=clients&t=${projectId}`,
      (first) => `${first.company}, ${first.project_name}`,
    );
    await notifyStaff(
      { db, env },
      {
        subject: `${count} from ${companies.slice(0, 2).join(" and ")}${companies.length > 2 ? " and others" : ""}`,
        text: `${text}\n\nFrontier`,
        html,
      },
    );
    return unread.length;
  }
  const recipients = await db
    .select({ name: clientContacts.name, email: clientContacts.email })
    .from(clientContacts)
    .innerJoin(portalAccess, eq(portalAccess.contactId, clientContacts.id))
    .where(and(eq(clientContacts.clientId, target.clientId), isNull(portalAccess.revokedAt)));
  if (!recipients.length) log.warn(`no portal contact to tell about ${count}`);
  const { text, html } = digest(
    groups,
    (projectId) => `${env.PUBLIC_URL}/portal/messages/${projectId}`,
    (first) => `About ${first.project_name}`,
  );
  for (const contact of recipients)
    await mailClient(
      { db, env },
      {
        to: contact.email,
        subject: `${count} from the Frontier team`,
        text: `Hello ${contact.name},\n\nThe team wrote to you in your client portal.\n\n${text}\n\nFrontier`,
        html: `<p>Hello ${escapeHtml(contact.name)},</p><p>The team wrote to you in your client portal.</p>${html}<p>Frontier</p>`,
      },
    );
  return unread.length;
}

/** What the job's payload names, checked (a malformed payload notices nobody). */
export function noticeTargetOf(payload: Record<string, unknown>): NoticeSide | undefined {
  if (payload.side === "staff") return { side: "staff" };
  if (payload.side === "client" && typeof payload.clientId === "string")
    return { side: "client", clientId: payload.clientId };
  return undefined;
}
