import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signOut } from "#server/auth/sign-in.ts";
import { setTwoFactorRequired } from "#server/auth/two-factor-policy.ts";
import { disableStaffUser, setStaffRole } from "#server/auth/users.ts";
import { authSessions, authUsers } from "#server/db/schema/index.ts";
import { CHAT_CLOSE } from "#shared/chat.ts";
import { connect, signInStaff, startChatInstance } from "#tests/helpers/chat.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

let counter = 0;
const newVisitor = () => `session-visitor-${process.pid}-${Date.now()}-${counter++}`;
const signedOut = { code: CHAT_CLOSE.signedOut, reason: "signed out" };
const noAccess = { code: CHAT_CLOSE.noAccess, reason: "no access" };

// A staff socket lives only as long as its session. The heartbeat here is far longer than
// any test, so what closes a socket is the session change itself (NOTIFY), a frame, or a
// delivery, each checking the session again.
describeEachDatabase("a staff chat socket ends with its session", (get) => {
  let instance: Awaited<ReturnType<typeof startChatInstance>>;

  beforeAll(async () => {
    // Role changes need another admin to remain.
    await signInStaff(get(), "admin");
    instance = await startChatInstance(get(), {
      staff: "sessions",
      heartbeatMs: 600_000,
      sessionCheckMs: 0,
    });
  });
  afterAll(async () => {
    await instance?.close();
  });

  async function openStaffSocket() {
    const staff = await signInStaff(get());
    const socket = await connect(instance.url, { cookie: staff.cookie });
    await socket.next("welcome");
    return { staff, socket };
  }

  async function expireSession(userId: string, change: Partial<typeof authSessions.$inferInsert>) {
    await get().db.update(authSessions).set(change).where(eq(authSessions.userId, userId));
  }

  it("serves a signed-in admin, and opens-then-closes a socket without a session", async () => {
    const { socket } = await openStaffSocket();
    socket.close();
    const nobody = await connect(instance.url, { cookie: "frontier.session=not-a-session" });
    await expect(nobody.closed).resolves.toEqual(signedOut);
    expect(nobody.frames).toEqual([]);
    const manager = await signInStaff(get(), "clientManager");
    const refused = await connect(instance.url, { cookie: manager.cookie });
    await expect(refused.closed).resolves.toEqual(noAccess);
  });

  it("closes after sign-out and says why; the cookie opens no new socket", async () => {
    const { staff, socket } = await openStaffSocket();
    const request = new Request("http://127.0.0.1/logout", {
      method: "POST",
      headers: { cookie: staff.cookie },
    });
    await signOut(staff.context, request);
    await expect(socket.closed).resolves.toEqual(signedOut);
    expect(socket.frames).toContainEqual({
      type: "error",
      error: "Your session has ended. Sign in again.",
    });
    // The same cookie opens no new socket.
    const again = await connect(instance.url, { cookie: staff.cookie });
    await expect(again.closed).resolves.toEqual(signedOut);
  });

  it("closes when the account is disabled (as `npm run user -- disable` does)", async () => {
    const { staff, socket } = await openStaffSocket();
    await disableStaffUser({ db: get().db }, { email: staff.email });
    await expect(socket.closed).resolves.toEqual(signedOut);
  });

  it("closes when the role changes to none", async () => {
    const { staff, socket } = await openStaffSocket();
    await setStaffRole({ db: get().db }, { id: staff.id }, "none");
    await expect(socket.closed).resolves.toEqual(noAccess);
  });

  it("past the absolute limit, answers no sync: the frame closes the socket instead", async () => {
    const { staff, socket } = await openStaffSocket();
    const visitor = await connect(instance.url, { visitorId: newVisitor() });
    await visitor.next("welcome");
    visitor.send({ type: "send", body: "Anyone there?", clientId: "v1" });
    const { message } = await visitor.next("ack");
    await socket.next("message");

    await expireSession(staff.id, { expiresAt: new Date(Date.now() - 1000) });
    socket.send({ type: "sync", conversationId: message.conversationId, afterSeq: 0 });
    await expect(socket.closed).resolves.toEqual(signedOut);
    expect(socket.frames.filter((frame) => frame.type === "messages")).toEqual([]);
    visitor.close();
  });

  it("past the absolute limit, delivers no new visitor message: the delivery closes the socket", async () => {
    const { staff, socket } = await openStaffSocket();
    await expireSession(staff.id, { expiresAt: new Date(Date.now() - 1000) });
    const visitor = await connect(instance.url, { visitorId: newVisitor() });
    await visitor.next("welcome");
    visitor.send({ type: "send", body: "Secret plans", clientId: "v2" });
    await visitor.next("ack");
    await expect(socket.closed).resolves.toEqual(signedOut);
    expect(socket.frames.filter((frame) => frame.type === "message")).toEqual([]);
    visitor.close();
  });
});

describeEachDatabase("the heartbeat ends staff sockets whose sessions ran out", (get) => {
  let instance: Awaited<ReturnType<typeof startChatInstance>>;
  beforeAll(async () => {
    // Long enough for a busy machine to answer pings in time (a missed pong ends a socket too).
    instance = await startChatInstance(get(), { staff: "sessions", heartbeatMs: 1000 });
  });
  afterAll(async () => {
    await instance?.close();
  });

  it("closes a quiet socket past the absolute limit and past the idle limit", async () => {
    const expired = await signInStaff(get());
    const idle = await signInStaff(get());
    const kept = await signInStaff(get());
    const sockets = await Promise.all(
      [expired, idle, kept].map((staff) => connect(instance.url, { cookie: staff.cookie })),
    );
    for (const socket of sockets) await socket.next("welcome");
    await get()
      .db.update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, expired.id));
    await get()
      .db.update(authSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(authSessions.userId, idle.id));
    await expect(sockets[0].closed).resolves.toEqual(signedOut);
    await expect(sockets[1].closed).resolves.toEqual(signedOut);
    // Several heartbeats later, the valid session's socket is still open.
    sockets[2].send({ type: "ping" });
    await sockets[2].next("pong");
    expect(sockets[2].socket.readyState).toBe(sockets[2].socket.OPEN);
    sockets[2].close();
  });
});

// "Require two-factor sign-in for all staff" (decision 212) holds on the socket as on the
// admin pages (decision 216): an admin without it is not welcomed, and an open socket closes
// as soon as the rule is switched on.
describeEachDatabase("a staff chat socket and the two-factor rule", (get) => {
  let instance: Awaited<ReturnType<typeof startChatInstance>>;
  const twoFactorRequired = { code: CHAT_CLOSE.noAccess, reason: "two-factor required" };

  beforeAll(async () => {
    instance = await startChatInstance(get(), {
      staff: "sessions",
      heartbeatMs: 600_000,
      sessionCheckMs: 0,
    });
  });
  afterAll(async () => {
    await instance?.close();
  });

  it("refuses an admin without two-factor sign-in while the team requires it, and closes an open socket when it starts", async () => {
    // The admin who switches the rule on uses two-factor sign-in (signed in before it was on).
    const boss = await signInStaff(get());
    await get()
      .db.update(authUsers)
      .set({ twoFactorEnabled: true })
      .where(eq(authUsers.id, boss.id));
    const without = await signInStaff(get());
    const open = await connect(instance.url, { cookie: without.cookie });
    await open.next("welcome");

    await setTwoFactorRequired(
      { db: get().db },
      { isRequired: true },
      { id: boss.id, email: boss.email },
    );
    await expect(open.closed).resolves.toEqual(twoFactorRequired);
    expect(open.frames).toContainEqual({
      type: "error",
      error: expect.stringMatching(/two-factor sign-in/i),
    });

    // A new socket: opened and closed at once, welcomed with nothing.
    const again = await connect(instance.url, { cookie: without.cookie });
    await expect(again.closed).resolves.toEqual(twoFactorRequired);
    expect(again.frames).toEqual([]);

    // The admin with two-factor sign-in is served as before.
    const served = await connect(instance.url, { cookie: boss.cookie });
    await served.next("welcome");
    served.close();

    // Once it is set up, the same person is welcomed again.
    await get()
      .db.update(authUsers)
      .set({ twoFactorEnabled: true })
      .where(eq(authUsers.id, without.id));
    const afterSetUp = await connect(instance.url, { cookie: without.cookie });
    await afterSetUp.next("welcome");
    afterSetUp.close();
  });
});
