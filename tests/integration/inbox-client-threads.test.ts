import { beforeAll, expect, it } from "vitest";
import * as inbox from "#app/routes/admin/chat/index.tsx";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import { sendVisitorMessage } from "#server/chat/visitor-messages.ts";
import type { AppContext } from "#server/context.ts";
import { parseEnv } from "#server/env.ts";
import { countPortalUnread, getPortalThread, postPortalMessage } from "#server/portal/messages.ts";
import { findPortalViewer, type PortalViewer } from "#server/portal/session.ts";
import { countClientUnreadForStaff } from "#server/portal/team-messages.ts";
import { createProject } from "#server/projects/projects.ts";
import { staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePortalClient, portalEnv } from "#tests/helpers/portal.ts";

// Staff answer the client portal's project threads from the inbox (/admin/chat, filter
// Clients): admins and client managers alike; the visitor chat stays the admins'.

type Loaded = Awaited<ReturnType<typeof inbox.loader>>;

const env = parseEnv({
  DATA_DIR: portalEnv.DATA_DIR,
  AUTH_SECRET: "inbox-walk-secret-inbox-walk-secret-12",
  PUBLIC_URL: "http://frontier.test",
  NODE_ENV: "test",
});

describeEachDatabase("answering clients from the inbox", (get) => {
  const context = () =>
    ({
      db: get().db,
      database: get(),
      env,
      nonce: "test",
      clientAddress: "192.0.2.20",
      outcome: {},
    }) as unknown as AppContext;
  const cookies = { admin: "", clientManager: "" };
  let viewer: PortalViewer;
  let projectId = "";
  let clientId = "";

  beforeAll(async () => {
    const { db } = get();
    for (const role of ["admin", "clientManager"] as const) {
      const email = `inbox-${role.toLowerCase()}-${Date.now()}@frontier.test`;
      await createStaffUser({ db }, { email, password: "inbox walk password", role, name: role });
      const { headers } = await signIn(context(), {
        email,
        password: "inbox walk password",
        request: new Request("http://frontier.test/login"),
      });
      cookies[role] = headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    }
    const portal = await makePortalClient(db);
    clientId = portal.client.id;
    viewer = (await findPortalViewer({
      db,
      env: portalEnv,
      request: new Request("http://frontier.test/portal", { headers: { Cookie: portal.cookie } }),
    }))!;
    const project = await createProject({
      db,
      actor: staff,
      input: {
        name: "Analytical engine",
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
    projectId = project.id;
  }, 120_000);

  function load(who: keyof typeof cookies, search: string) {
    const request = new Request(`http://frontier.test/admin/chat${search}`, {
      headers: { Cookie: cookies[who] },
    });
    return inbox.loader({
      request,
      url: new URL(request.url),
      context: context(),
      params: {},
    } as never) as Promise<Loaded>;
  }

  async function act(who: keyof typeof cookies, fields: Record<string, string>) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const request = new Request("http://frontier.test/admin/chat?index", {
      method: "POST",
      headers: { Cookie: cookies[who] },
      body,
    });
    return inbox
      .action({ request, url: new URL(request.url), context: context(), params: {} } as never)
      .catch((thrown: unknown) => thrown);
  }

  it("lists the client's thread with its unread count and reads it when opened", async () => {
    const database = get();
    const { db } = database;
    const before = await countClientUnreadForStaff(db);
    for (const body of ["Can we move the demo?", "Thursday would suit us."])
      await postPortalMessage({ database, viewer, projectId, body, address: "203.0.113.9" });
    const listed = await load("admin", "?filter=clients");
    expect(listed.filter).toBe("clients");
    expect(listed.clientUnread).toBe(before + 2);
    expect(listed.threads.rows.find((row) => row.projectId === projectId)).toMatchObject({
      projectName: "Analytical engine",
      staffUnread: 2,
      lastMessagePreview: "Thursday would suit us.",
    });
    const opened = await load("admin", `?filter=clients&t=${projectId}`);
    expect(opened.thread?.messages.map((message) => message.body)).toEqual([
      "Can we move the demo?",
      "Thursday would suit us.",
    ]);
    expect(opened.clientUnread).toBe(before);
  });

  it("lets an admin and a client manager answer; the client sees both answers unread", async () => {
    const { db } = get();
    const unreadBefore = await countPortalUnread({ db, clientId });
    expect(
      await act("admin", { intent: "thread-reply", projectId, body: "Thursday it is." }),
    ).toEqual({
      ok: true,
    });
    expect(
      await act("clientManager", { intent: "thread-reply", projectId, body: "Invite sent." }),
    ).toEqual({ ok: true });
    expect(await countPortalUnread({ db, clientId })).toBe(unreadBefore + 2);
    const thread = await getPortalThread({ db, viewer, projectId });
    expect(
      thread.messages
        .slice(-2)
        .map((message) => [message.authorKind, message.authorName, message.body]),
    ).toEqual([
      ["staff", "admin", "Thursday it is."],
      ["staff", "clientManager", "Invite sent."],
    ]);
  });

  it("refuses an empty answer or an unknown project with a clear 4xx", async () => {
    const empty = (await act("admin", { intent: "thread-reply", projectId, body: "  " })) as {
      data: { error: string };
      init: { status: number };
    };
    expect(empty.init.status).toBe(400);
    expect(empty.data.error).toBe("Write a message first.");
    const unknown = (await act("admin", {
      intent: "thread-reply",
      projectId: "00000000-0000-4000-8000-000000000000",
      body: "Hello?",
    })) as { init: { status: number } };
    expect(unknown.init.status).toBe(404);
    const malformed = (await act("admin", {
      intent: "thread-reply",
      projectId: "not-a-project",
      body: "Hello?",
    })) as { init: { status: number } };
    expect(malformed.init.status).toBe(400);
  });

  it("keeps the visitor chat from a client manager: only the Clients part, no chat actions", async () => {
    const database = get();
    const { conversation } = await sendVisitorMessage({
      database,
      visitorId: `visitor-${Date.now()}`,
      body: "A visitor's private question",
      address: "198.51.100.4",
    });
    const asManager = await load("clientManager", `?filter=active&c=${conversation.id}`);
    expect(asManager.filter).toBe("clients");
    expect(asManager.isAdmin).toBe(false);
    expect(asManager.selected).toBeNull();
    expect(asManager.list.rows).toEqual([]);
    expect(JSON.stringify(asManager)).not.toContain("private question");
    const refused = await act("clientManager", {
      intent: "reply",
      conversationId: conversation.id,
      body: "Hi",
    });
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/admin");
    const asAdmin = await load("admin", `?filter=active&c=${conversation.id}`);
    expect(asAdmin.selected?.id).toBe(conversation.id);
  });
});
