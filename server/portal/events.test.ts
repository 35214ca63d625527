import { expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { addMilestone } from "#server/projects/milestones.ts";
import { createProject } from "#server/projects/projects.ts";
import { staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePortalClient, portalEnv } from "#tests/helpers/portal.ts";
import { revokeContact } from "./access";
import { portalEventStream } from "./events";
import { findPortalViewer } from "./session";

async function projectOf(db: Db, clientId: string) {
  return createProject({
    db,
    actor: staff,
    input: {
      name: "Live",
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

describeEachDatabase("the portal's live events", (get) => {
  it("passes on changes of the viewer's client only, and ends when their access is revoked", async () => {
    const database = get();
    const { db } = database;
    const a = await makePortalClient(db);
    const b = await makePortalClient(db);
    const ours = await projectOf(db, a.client.id);
    const theirs = await projectOf(db, b.client.id);
    const request = new Request("http://frontier.test/portal/events", {
      headers: { Cookie: a.cookie },
    });
    const viewer = (await findPortalViewer({ db, env: portalEnv, request }))!;
    const controller = new AbortController();
    const response = portalEventStream({
      database,
      clientId: viewer.clientId,
      signal: controller.signal,
      isStillSignedIn: async () =>
        (await findPortalViewer({ db, env: portalEnv, request, isActivity: false }))?.sessionId ===
        viewer.sessionId,
    });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const readUntil = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) return false;
        received += decoder.decode(value);
      }
      return true;
    };
    // The first bytes come once the stream listens: nothing after them is missed.
    await readUntil("event: ready");
    await addMilestone({
      db,
      actor: staff,
      projectId: theirs.id,
      input: { title: "Theirs", dueDate: "" },
    });
    await addMilestone({
      db,
      actor: staff,
      projectId: ours.id,
      input: { title: "Ours", dueDate: "" },
    });
    expect(await readUntil(ours.id)).toBe(true);
    expect(received).toContain(`"projectId":"${ours.id}","what":"milestones"`);
    expect(received).not.toContain(theirs.id);

    await revokeContact({ db, actor: staff, clientId: a.client.id, contactId: a.contact.id });
    await addMilestone({
      db,
      actor: staff,
      projectId: ours.id,
      input: { title: "After", dueDate: "" },
    });
    // The next event finds the session gone and closes the stream instead of sending it.
    while (true) {
      const { done } = await reader.read();
      if (done) break;
    }
    controller.abort();
  });
});
