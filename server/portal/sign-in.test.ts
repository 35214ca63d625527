import { and, count, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getClient, updateClient } from "#server/clients/clients.ts";
import type { Db } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { portalAccess, portalLinks, portalSessions } from "#server/db/schema/portal.ts";
import { AppError } from "#server/errors.ts";
import { makeClient, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  cookiePair,
  latestPortalToken,
  makePortalClient,
  portalEnv,
} from "#tests/helpers/portal.ts";
import { inviteContact, listPortalAccess, revokeContact } from "./access";
import {
  findSignInLink,
  LINK_LIFETIME_MS,
  requestSignInLink,
  SEND_SIGN_IN_LINK_JOB,
  SIGN_IN_REQUEST_LIMITS,
  sendSignInLinks,
  signInWithLink,
} from "./links";
import { findPortalViewer, PORTAL_SESSION_IDLE_MS, portalCookieName } from "./session";

function requestWith(cookie: string) {
  return new Request("http://frontier.test/portal", { headers: { Cookie: cookie } });
}

async function viewerOf(db: Db, cookie: string) {
  return findPortalViewer({ db, env: portalEnv, request: requestWith(cookie) });
}

/** Runs the queued link mails the way the job runner would. */
async function runLinkJobs(db: Db) {
  const queued = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, SEND_SIGN_IN_LINK_JOB), eq(jobs.status, "pending")));
  for (const job of queued) {
    await sendSignInLinks({ db, env: portalEnv, email: String(job.payload.email) });
    await db.update(jobs).set({ status: "done" }).where(eq(jobs.id, job.id));
  }
}

let addressCounter = 0;
const uniqueAddress = () => `198.51.100.${++addressCounter}`;

describeEachDatabase("client portal sign-in", (get) => {
  it("an invitation's link signs the contact in once, into a session of their client", async () => {
    const { db } = get();
    const { client, contact, cookie } = await makePortalClient(db);
    expect(cookie.startsWith(`${portalCookieName(portalEnv)}=`)).toBe(true);
    expect(await viewerOf(db, cookie)).toMatchObject({
      contactId: contact.id,
      clientId: client.id,
      email: contact.email,
      company: client.company,
    });
    const [invited] = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, contact.email));
    expect(invited.subject).toBe("Your Frontier client portal");
    // The invitation was used up by the sign-in: a second use is refused.
    const token = await latestPortalToken(db, contact.email);
    await expect(
      signInWithLink({ db, env: portalEnv, token, address: "203.0.113.5" }),
    ).rejects.toMatchObject({
      code: "GONE",
    });
    const [access] = await listPortalAccess({ db, clientId: client.id });
    expect(access).toMatchObject({ state: "active", openSessions: 1 });
    expect(access.lastSignInAt).toBeInstanceOf(Date);
  });

  it("keeps only hashes of links and session tokens", async () => {
    const { db } = get();
    const { contact, cookie } = await makePortalClient(db);
    const token = await latestPortalToken(db, contact.email);
    const secret = cookie.split("=")[1];
    const rows = await db.execute(
      sql`select 1 from portal_sessions s, portal_links l where s.token_hash = ${secret} or l.token_hash = ${token}`,
    );
    expect(rows.rows).toHaveLength(0);
    expect(secret).toMatch(/^[\w-]{43}$/);
  });

  it("a requested link works once and for 15 minutes (the clock set through its row)", async () => {
    const { db } = get();
    const { contact } = await makePortalClient(db);
    await requestSignInLink({ db, email: contact.email.toUpperCase(), address: uniqueAddress() });
    await runLinkJobs(db);
    const token = await latestPortalToken(db, contact.email);
    const [row] = await db
      .select()
      .from(portalLinks)
      .where(and(eq(portalLinks.contactId, contact.id), eq(portalLinks.kind, "sign-in")));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(
      LINK_LIFETIME_MS["sign-in"] - 1000,
    );
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(
      LINK_LIFETIME_MS["sign-in"] + 1000,
    );

    // One minute before its end it still works...
    await db
      .update(portalLinks)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(portalLinks.id, row.id));
    expect(await findSignInLink({ db, token })).toMatchObject({
      name: contact.name,
      kind: "sign-in",
    });
    // ...and once the 15 minutes are over it does not.
    await db
      .update(portalLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalLinks.id, row.id));
    expect(await findSignInLink({ db, token })).toBeUndefined();
    await expect(
      signInWithLink({ db, env: portalEnv, token, address: "203.0.113.5" }),
    ).rejects.toThrow("expired or was already used");

    // A fresh link: one use, then gone.
    await requestSignInLink({ db, email: contact.email, address: uniqueAddress() });
    await runLinkJobs(db);
    const fresh = await latestPortalToken(db, contact.email);
    const cookie = cookiePair(
      await signInWithLink({ db, env: portalEnv, token: fresh, address: "203.0.113.5" }),
    );
    expect(await viewerOf(db, cookie)).toBeDefined();
    await expect(
      signInWithLink({ db, env: portalEnv, token: fresh, address: "203.0.113.5" }),
    ).rejects.toMatchObject({
      code: "GONE",
    });
  });

  it("queues the same work for known and unknown addresses, and mails only a contact with access", async () => {
    const { db } = get();
    const { contact } = await makePortalClient(db);
    const stranger = `nobody-${Date.now()}@example.com`;
    const [before] = await db
      .select({ total: count() })
      .from(jobs)
      .where(eq(jobs.kind, SEND_SIGN_IN_LINK_JOB));
    await requestSignInLink({ db, email: contact.email, address: uniqueAddress() });
    await requestSignInLink({ db, email: stranger, address: uniqueAddress() });
    const [after] = await db
      .select({ total: count() })
      .from(jobs)
      .where(eq(jobs.kind, SEND_SIGN_IN_LINK_JOB));
    expect(after.total - before.total).toBe(2);
    await runLinkJobs(db);
    expect(await db.select().from(mailMessages).where(eq(mailMessages.to, stranger))).toHaveLength(
      0,
    );
    const mails = await db.select().from(mailMessages).where(eq(mailMessages.to, contact.email));
    expect(mails.map((mail) => mail.subject)).toContain(
      "Your sign-in link to the Frontier client portal",
    );
  });

  it("mails nothing to a contact never invited or whose access was revoked", async () => {
    const { db } = get();
    const { client, contact } = await makePortalClient(db);
    await revokeContact({ db, actor: staff, clientId: client.id, contactId: contact.id });
    const mailsBefore = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, contact.email));
    await requestSignInLink({ db, email: contact.email, address: uniqueAddress() });
    await runLinkJobs(db);
    const mailsAfter = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, contact.email));
    expect(mailsAfter).toHaveLength(mailsBefore.length);
  });

  it("limits link requests per address typed and per client address", async () => {
    const { db } = get();
    const email = `limited-${Date.now()}@example.com`;
    for (let index = 0; index < SIGN_IN_REQUEST_LIMITS.perEmail; index++)
      await requestSignInLink({ db, email, address: uniqueAddress() });
    const refused = await requestSignInLink({ db, email, address: uniqueAddress() }).catch(
      (error) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: 900 });

    const address = uniqueAddress();
    for (let index = 0; index < SIGN_IN_REQUEST_LIMITS.perAddress; index++)
      await requestSignInLink({ db, email: `spray-${index}-${Date.now()}@example.com`, address });
    await expect(
      requestSignInLink({ db, email: `one-more-${Date.now()}@example.com`, address }),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    // Another address is not held back by it.
    await requestSignInLink({
      db,
      email: `one-more-${Date.now()}@example.com`,
      address: uniqueAddress(),
    });
  });

  it("holds the limits under parallel requests: counting and deciding are one step", async () => {
    const { db } = get();
    const { contact } = await makePortalClient(db);
    const email = contact.email;
    const settled = await Promise.allSettled(
      Array.from({ length: 30 }, () => requestSignInLink({ db, email, address: uniqueAddress() })),
    );
    expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(
      SIGN_IN_REQUEST_LIMITS.perEmail,
    );
    for (const result of settled)
      if (result.status === "rejected")
        expect(result.reason).toMatchObject({ code: "RATE_LIMITED" });
    const [queued] = await db
      .select({ total: count() })
      .from(jobs)
      .where(and(eq(jobs.kind, SEND_SIGN_IN_LINK_JOB), sql`${jobs.payload}->>'email' = ${email}`));
    expect(queued.total).toBe(SIGN_IN_REQUEST_LIMITS.perEmail);

    const address = uniqueAddress();
    const sprayed = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        requestSignInLink({ db, email: `parallel-${index}-${Date.now()}@example.com`, address }),
      ),
    );
    expect(sprayed.filter((result) => result.status === "fulfilled")).toHaveLength(
      SIGN_IN_REQUEST_LIMITS.perAddress,
    );
  });

  it("revoking access ends the contact's open sessions and unused links at once", async () => {
    const { db } = get();
    const { client, contact, cookie } = await makePortalClient(db);
    const second = cookiePair(
      await (async () => {
        await inviteContact({
          db,
          env: portalEnv,
          actor: staff,
          clientId: client.id,
          contactId: contact.id,
        });
        return signInWithLink({
          db,
          env: portalEnv,
          token: await latestPortalToken(db, contact.email),
          address: "203.0.113.9",
        });
      })(),
    );
    await inviteContact({
      db,
      env: portalEnv,
      actor: staff,
      clientId: client.id,
      contactId: contact.id,
    });
    const unused = await latestPortalToken(db, contact.email);
    expect(await viewerOf(db, cookie)).toBeDefined();
    expect(await viewerOf(db, second)).toBeDefined();

    await revokeContact({ db, actor: staff, clientId: client.id, contactId: contact.id });
    expect(await viewerOf(db, cookie)).toBeUndefined();
    expect(await viewerOf(db, second)).toBeUndefined();
    expect(
      await db.select().from(portalSessions).where(eq(portalSessions.contactId, contact.id)),
    ).toHaveLength(0);
    expect(await findSignInLink({ db, token: unused })).toBeUndefined();
    const [access] = await listPortalAccess({ db, clientId: client.id });
    expect(access.state).toBe("revoked");
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.area, "portal"),
          eq(auditEvents.action, "revoke"),
          eq(auditEvents.recordId, client.id),
        ),
      );
    expect(event).toMatchObject({ actorId: staff.id, actorEmail: staff.email });

    // A new invitation gives access back.
    await inviteContact({
      db,
      env: portalEnv,
      actor: staff,
      clientId: client.id,
      contactId: contact.id,
    });
    const back = cookiePair(
      await signInWithLink({
        db,
        env: portalEnv,
        token: await latestPortalToken(db, contact.email),
        address: "203.0.113.9",
      }),
    );
    expect(await viewerOf(db, back)).toBeDefined();
  });

  it("ends a session after 24 idle hours and 7 days in any case", async () => {
    const { db } = get();
    const { contact, cookie } = await makePortalClient(db);
    const [session] = await db
      .select()
      .from(portalSessions)
      .where(eq(portalSessions.contactId, contact.id));
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBeGreaterThan(
      6.9 * 24 * 3600_000,
    );
    await db
      .update(portalSessions)
      .set({ lastSeenAt: new Date(Date.now() - PORTAL_SESSION_IDLE_MS + 120_000) })
      .where(eq(portalSessions.id, session.id));
    // A check that is not the contact doing something (an open tab's event stream) moves nothing...
    const [before] = await db
      .select()
      .from(portalSessions)
      .where(eq(portalSessions.id, session.id));
    await findPortalViewer({ db, env: portalEnv, request: requestWith(cookie), isActivity: false });
    const [quiet] = await db.select().from(portalSessions).where(eq(portalSessions.id, session.id));
    expect(quiet.lastSeenAt.getTime()).toBe(before.lastSeenAt.getTime());
    // ...a request does.
    expect(await viewerOf(db, cookie)).toBeDefined();
    const [seen] = await db.select().from(portalSessions).where(eq(portalSessions.id, session.id));
    expect(seen.lastSeenAt.getTime()).toBeGreaterThan(before.lastSeenAt.getTime());
    await db
      .update(portalSessions)
      .set({ lastSeenAt: new Date(Date.now() - PORTAL_SESSION_IDLE_MS - 1000) })
      .where(eq(portalSessions.id, session.id));
    expect(await viewerOf(db, cookie)).toBeUndefined();

    const other = await makePortalClient(db);
    await db
      .update(portalSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalSessions.contactId, other.contact.id));
    expect(await viewerOf(db, other.cookie)).toBeUndefined();
  });

  it("editing the client keeps a listed contact's access; removing the contact ends it", async () => {
    const { db } = get();
    const { client, contact, cookie } = await makePortalClient(db);
    const input = {
      company: `${client.company} Ltd`,
      billingAddress: client.billingAddress,
      currency: client.currency,
      taxId: "",
      notes: "",
      contacts: [
        { name: "New Person", email: `new-${Date.now()}@example.com`, phone: "", role: "" },
        { name: `${contact.name} Jr`, email: contact.email.toUpperCase(), phone: "", role: "CTO" },
      ],
    };
    await updateClient({ db, actor: staff, id: client.id, input });
    expect(await viewerOf(db, cookie)).toMatchObject({
      contactId: contact.id,
      name: `${contact.name} Jr`,
    });
    expect(
      await db.select().from(portalAccess).where(eq(portalAccess.contactId, contact.id)),
    ).toHaveLength(1);

    await updateClient({
      db,
      actor: staff,
      id: client.id,
      input: { ...input, contacts: [input.contacts[0]] },
    });
    expect(await viewerOf(db, cookie)).toBeUndefined();
  });

  it("says so when the invitation cannot be mailed, and keeps the access granted", async () => {
    const { db } = get();
    const client = (await getClient({ db, id: (await makeClient(db)).id }))!;
    const [contact] = client.contacts;
    const refused = await inviteContact({
      db,
      env: { ...portalEnv, SMTP_URL: "smtp://127.0.0.1:9" },
      actor: staff,
      clientId: client.id,
      contactId: contact.id,
    }).catch((error) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "UNAVAILABLE" });
    expect(refused.message).toContain("could not be mailed");
    const [access] = await listPortalAccess({ db, clientId: client.id });
    expect(access.state).toBe("invited");
  });

  it("refuses an invitation for a contact of another client", async () => {
    const { db } = get();
    const first = await makePortalClient(db);
    const other = await makeClient(db);
    await expect(
      inviteContact({
        db,
        env: portalEnv,
        actor: staff,
        clientId: other.id,
        contactId: first.contact.id,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
