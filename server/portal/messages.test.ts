import { and, eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { CHAT_CHANNEL } from "#server/chat/events.ts";
import type { Db } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { createJobRunner } from "#server/jobs/queue.ts";
import { PROJECT_CHANGES_CHANNEL } from "#server/projects/changes.ts";
import { createProject } from "#server/projects/projects.ts";
import { PORTAL_MESSAGE_MAX } from "#shared/portal.ts";
import { staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePortalClient, portalEnv } from "#tests/helpers/portal.ts";
import {
  MESSAGE_NOTICE_JOB,
  NOTICE_WINDOW_MS,
  noticeTargetOf,
  sendMessageNotices,
} from "./message-notices";
import {
  countPortalUnread,
  getPortalThread,
  listPortalThreads,
  markPortalThreadRead,
  postPortalMessage,
} from "./messages";
import { findPortalViewer } from "./session";
import {
  countClientUnreadForStaff,
  findClientThreads,
  getClientThread,
  markClientThreadRead,
  replyToClientThread,
} from "./team-messages";

const address = "203.0.113.7";
const grace = { id: "staff-grace", name: "Grace Hopper" };

async function viewerFor(db: Db, cookie: string) {
  const request = new Request("http://frontier.test/portal", { headers: { Cookie: cookie } });
  const viewer = await findPortalViewer({ db, env: portalEnv, request });
  if (!viewer) throw new Error("not signed in");
  return viewer;
}

async function projectOf(db: Db, clientId: string, name = "Engines") {
  return createProject({
    db,
    actor: staff,
    input: {
      name: `${name} ${Math.random().toString(36).slice(2, 7)}`,
      clientId,
      proposalId: null,
      status: "active",
      startDate: null,
      dueDate: null,
      budgetAmount: 0,
      currency: "USD",
      teamMembers: [],
      milestones: [],
    },
  });
}

async function mailsTo(db: Db, to: string) {
  return db.select().from(mailMessages).where(eq(mailMessages.to, to));
}

/** A moment inside a window of its own, so a test's messages share one window. */
function windowStart(offsetWindows: number) {
  return new Date((Math.floor(Date.now() / NOTICE_WINDOW_MS) - offsetWindows) * NOTICE_WINDOW_MS);
}

describeEachDatabase("project messages", (get) => {
  it("keeps each client's threads to its own contacts: reading, writing and listing", async () => {
    const database = get();
    const { db } = database;
    const a = await makePortalClient(db);
    const b = await makePortalClient(db);
    const viewerA = await viewerFor(db, a.cookie);
    const viewerB = await viewerFor(db, b.cookie);
    const ours = await projectOf(db, a.client.id);
    const theirs = await projectOf(db, b.client.id);
    await postPortalMessage({
      database,
      viewer: viewerB,
      projectId: theirs.id,
      body: "B's secret plans",
      address,
    });

    await expect(getPortalThread({ db, viewer: viewerA, projectId: theirs.id })).rejects.toThrow(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
    await expect(
      postPortalMessage({
        database,
        viewer: viewerA,
        projectId: theirs.id,
        body: "Let me in",
        address,
      }),
    ).rejects.toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
    await expect(
      markPortalThreadRead({ database, viewer: viewerA, projectId: theirs.id }),
    ).rejects.toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
    await expect(getPortalThread({ db, viewer: viewerA, projectId: "not-a-uuid" })).rejects.toThrow(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );

    const listed = await listPortalThreads({ db, clientId: viewerA.clientId });
    expect(listed.map((row) => row.projectId)).toEqual([ours.id]);
    const theirThread = await getPortalThread({ db, viewer: viewerB, projectId: theirs.id });
    expect(theirThread.messages.map((message) => message.body)).toEqual(["B's secret plans"]);
    expect(
      JSON.stringify(await getPortalThread({ db, viewer: viewerA, projectId: ours.id })),
    ).not.toContain("secret");
  });

  it("counts unread messages per side, and writing or looking reads them", async () => {
    const database = get();
    const { db } = database;
    const { client, cookie } = await makePortalClient(db);
    const viewer = await viewerFor(db, cookie);
    const project = await projectOf(db, client.id);
    const staffBefore = await countClientUnreadForStaff(db);

    await postPortalMessage({
      database,
      viewer,
      projectId: project.id,
      body: "Hello team",
      address,
    });
    await postPortalMessage({
      database,
      viewer,
      projectId: project.id,
      body: "Any news?",
      address,
    });
    expect(await countClientUnreadForStaff(db)).toBe(staffBefore + 2);
    expect(await countPortalUnread({ db, clientId: client.id })).toBe(0);
    const [row] = (await findClientThreads(db, { pageSize: 100 })).rows.filter(
      (thread) => thread.projectId === project.id,
    );
    expect(row).toMatchObject({
      staffUnread: 2,
      lastMessagePreview: "Any news?",
      lastAuthorKind: "contact",
    });

    // Answering reads the thread for the team; the client now has one unread.
    await replyToClientThread({ database, staff: grace, projectId: project.id, body: "On it." });
    expect(await countClientUnreadForStaff(db)).toBe(staffBefore);
    expect(await countPortalUnread({ db, clientId: client.id })).toBe(1);
    expect((await getPortalThread({ db, viewer, projectId: project.id })).unread).toBe(1);
    const listed = await listPortalThreads({ db, clientId: client.id });
    expect(listed[0]).toMatchObject({ projectId: project.id, unread: 1, lastAuthorKind: "staff" });

    expect(await markPortalThreadRead({ database, viewer, projectId: project.id })).toBe(true);
    expect(await markPortalThreadRead({ database, viewer, projectId: project.id })).toBe(false);
    expect(await countPortalUnread({ db, clientId: client.id })).toBe(0);
    const forStaff = (await getClientThread({ db, projectId: project.id }))!;
    expect(forStaff.clientReadSeq).toBe(3);
    expect(
      forStaff.messages.map((message) => [message.seq, message.authorKind, message.authorName]),
    ).toEqual([
      [1, "contact", viewer.name],
      [2, "contact", viewer.name],
      [3, "staff", grace.name],
    ]);

    await postPortalMessage({ database, viewer, projectId: project.id, body: "Thanks!", address });
    expect(await countClientUnreadForStaff(db)).toBe(staffBefore + 1);
    expect(await markClientThreadRead({ database, projectId: project.id })).toBe(true);
    expect(await countClientUnreadForStaff(db)).toBe(staffBefore);
  });

  it("refuses empty and overlong messages, and limits how fast a contact writes", async () => {
    const database = get();
    const { db } = database;
    const { client, cookie } = await makePortalClient(db);
    const viewer = await viewerFor(db, cookie);
    const project = await projectOf(db, client.id);
    const post = (body: unknown) =>
      postPortalMessage({ database, viewer, projectId: project.id, body, address });
    await expect(post("   ")).rejects.toThrow(
      expect.objectContaining({ code: "INVALID", message: "Write a message first." }),
    );
    await expect(post("x".repeat(PORTAL_MESSAGE_MAX + 1))).rejects.toThrow(
      expect.objectContaining({ code: "INVALID" }),
    );
    await expect(post(42)).rejects.toThrow(expect.objectContaining({ code: "INVALID" }));
    for (let index = 0; index < 10; index++) await post(`Message ${index}`);
    const refusal = await post("One too many").catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED" });
    expect((refusal as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // Only the accepted ones were stored, each with its timeline entry.
    expect((await getPortalThread({ db, viewer, projectId: project.id })).messages).toHaveLength(
      10,
    );
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "message-sent"), eq(auditEvents.recordId, client.id)));
    expect(events).toHaveLength(10);
    expect(events[0].detail.summary).toBe(`${viewer.name} wrote to the team about ${project.name}`);
  });

  it("tells the portal tabs and the staff inbox when a message is stored", async () => {
    const database = get();
    const { db } = database;
    const { client, cookie } = await makePortalClient(db);
    const viewer = await viewerFor(db, cookie);
    const project = await projectOf(db, client.id);
    const changes: string[] = [];
    const chat: string[] = [];
    const stopChanges = await database.listen(PROJECT_CHANGES_CHANNEL, (payload) =>
      changes.push(payload),
    );
    const stopChat = await database.listen(CHAT_CHANNEL, (payload) => chat.push(payload));
    await postPortalMessage({ database, viewer, projectId: project.id, body: "Ping", address });
    await replyToClientThread({ database, staff: grace, projectId: project.id, body: "Pong" });
    await expect
      .poll(() => changes.filter((payload) => payload.includes(project.id)).length)
      .toBe(2);
    expect(JSON.parse(changes.find((payload) => payload.includes(project.id))!)).toEqual({
      clientId: client.id,
      projectId: project.id,
      what: "messages",
    });
    await expect
      .poll(() => chat.filter((payload) => payload.includes('"conversation"')).length)
      .toBeGreaterThanOrEqual(2);
    await stopChanges();
    await stopChat();
  });

  it("mails one batch per recipient for a burst, and nothing the other side already read", async () => {
    const database = get();
    const { db } = database;
    const { client, contact, cookie } = await makePortalClient(db);
    const viewer = await viewerFor(db, cookie);
    const project = await projectOf(db, client.id, "Batch");
    const now = windowStart(3);
    for (const body of ["First thought", "Second thought", "Third <b>thought</b>"])
      await postPortalMessage({ database, viewer, projectId: project.id, body, address, now });

    // One notice job for the team for the whole burst, due at the end of its window.
    const queued = await db
      .select()
      .from(jobs)
      .where(
        like(
          jobs.uniqueKey,
          `${MESSAGE_NOTICE_JOB}:staff@${Math.floor(now.getTime() / NOTICE_WINDOW_MS)}`,
        ),
      );
    expect(queued).toHaveLength(1);
    expect(queued[0].runAt.getTime()).toBe(now.getTime() + NOTICE_WINDOW_MS);
    expect(noticeTargetOf(queued[0].payload)).toEqual({ side: "staff" });

    const staffMailsBefore = (await mailsTo(db, portalEnv.STAFF_EMAIL)).length;
    const runner = createJobRunner({
      context: { db, database, env: portalEnv as never },
      handlers: {
        [MESSAGE_NOTICE_JOB]: async (payload) => {
          await sendMessageNotices({ db, env: portalEnv, target: noticeTargetOf(payload)! });
        },
      },
    });
    await runner.runDue();
    const staffMails = (await mailsTo(db, portalEnv.STAFF_EMAIL)).slice(staffMailsBefore);
    const ours = staffMails.filter((mail) => mail.text.includes(project.name));
    expect(ours).toHaveLength(1);
    expect(ours[0].subject).toMatch(/^\d+ new messages? from /);
    for (const body of ["First thought", "Second thought", "Third <b>thought</b>"])
      expect(ours[0].text).toContain(body);
    expect(ours[0].html).toContain("Third &lt;b&gt;thought&lt;/b&gt;");
    expect(ours[0].text).toContain(`/admin/chat?filter=clients&t=${project.id}`);
    // A second run finds nothing waiting.
    expect(await sendMessageNotices({ db, env: portalEnv, target: { side: "staff" } })).toBe(0);

    // The team answers twice: the contact gets one mail with a link to the thread.
    for (const body of ["We hear you", "Plans attached soon"])
      await replyToClientThread({ database, staff: grace, projectId: project.id, body, now });
    const target = { side: "client" as const, clientId: client.id };
    expect(await sendMessageNotices({ db, env: portalEnv, target })).toBe(2);
    const toContact = await mailsTo(db, contact.email);
    const notices = toContact.filter((mail) => mail.subject.includes("from the Frontier team"));
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe("2 new messages from the Frontier team");
    expect(notices[0].text).toContain(`http://frontier.test/portal/messages/${project.id}`);
    expect(notices[0].text).toContain("Grace Hopper: We hear you");

    // Read in the portal before the batch goes out: no mail about it.
    await replyToClientThread({ database, staff: grace, projectId: project.id, body: "Seen live" });
    await markPortalThreadRead({ database, viewer, projectId: project.id });
    expect(await sendMessageNotices({ db, env: portalEnv, target })).toBe(0);
    expect(
      (await mailsTo(db, contact.email)).filter((mail) => mail.subject.includes("Frontier team")),
    ).toHaveLength(1);
  });

  it("takes each waiting message once when two notice runs meet", async () => {
    const database = get();
    const { db } = database;
    const { client, contact, cookie } = await makePortalClient(db);
    await viewerFor(db, cookie);
    const project = await projectOf(db, client.id);
    for (const body of ["One", "Two", "Three"])
      await replyToClientThread({ database, staff: grace, projectId: project.id, body });
    const target = { side: "client" as const, clientId: client.id };
    const counts = await Promise.all([
      sendMessageNotices({ db, env: portalEnv, target }),
      sendMessageNotices({ db, env: portalEnv, target }),
    ]);
    expect(counts.sort()).toEqual([0, 3]);
    expect(
      (await mailsTo(db, contact.email)).filter((mail) => mail.subject.includes("Frontier team")),
    ).toHaveLength(1);
  });
});
