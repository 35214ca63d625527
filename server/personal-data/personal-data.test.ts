import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { leadTouchpoints } from "#server/db/schema/analytics.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { chatConversations, chatMessages } from "#server/db/schema/chat.ts";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import { comments, insights, subscribers } from "#server/db/schema/content.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { leads } from "#server/db/schema/leads.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { portalAccess, portalSessions } from "#server/db/schema/portal.ts";
import { AppError } from "#server/errors.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { importEnv } from "#tests/helpers/imports.ts";
import {
  countPersonalData,
  erasePersonalData,
  findPersonalData,
  personalDataJson,
} from "./personal-data";
import { downloadOwnData, requestOwnDataExport } from "./self-export";

const actor = { id: "admin-1", email: "admin@frontier.test", address: "192.0.2.1" };

/** One person present in every area, under mixed-case addresses where people type them. */
async function plantPerson(database: Database, email: string) {
  const { db } = database;
  const [lead] = await db
    .insert(leads)
    .values({
      name: "Pat Person",
      email: email.toUpperCase(),
      message: "We need an app.",
      address: "203.0.113.9",
    })
    .returning();
  await db
    .insert(leadTouchpoints)
    .values({ leadId: lead.id, position: 0, path: "/insights/x", viewedAt: new Date() });
  await db.insert(subscribers).values({
    email,
    name: "Pat",
    status: "confirmed",
    unsubscribeToken: `unsub-${lead.id}`,
    source: "website",
  });
  const [conversation] = await db
    .insert(chatConversations)
    .values({ visitorId: `visitor-${lead.id}`, visitorName: "Pat", visitorEmail: email })
    .returning();
  await db
    .insert(chatMessages)
    .values({ conversationId: conversation.id, seq: 1, author: "visitor", body: "Hello there" });
  const [insight] = await db
    .insert(insights)
    .values({
      slug: `post-${lead.id.slice(0, 8)}`,
      title: "A post",
      excerpt: "e",
      body: "b",
      author: "a",
    })
    .returning();
  await db
    .insert(comments)
    .values({ insightId: insight.id, name: "Pat", email, body: "Nice post", status: "approved" });
  const [client] = await db
    .insert(clients)
    .values({ company: `Pat Co ${lead.id.slice(0, 4)}`, currency: "EUR" })
    .returning();
  const [contact] = await db
    .insert(clientContacts)
    .values({
      clientId: client.id,
      name: "Pat Person",
      email,
      phone: "+1 555",
      role: "CEO",
      isPrimary: true,
    })
    .returning();
  await db.insert(portalAccess).values({ contactId: contact.id, clientId: client.id });
  await db.insert(portalSessions).values({
    tokenHash: `hash-${contact.id}`,
    contactId: contact.id,
    clientId: client.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const [invoice] = await db
    .insert(invoices)
    .values({
      number: `INV-T-${lead.id.slice(0, 6)}`,
      clientId: client.id,
      currency: "EUR",
      issueDate: "2024-01-01",
      dueDate: "2024-01-31",
      subtotal: 10_000,
      total: 10_000,
      status: "sent",
    })
    .returning();
  await db.insert(mailMessages).values({
    to: email,
    from: "x@frontier.test",
    subject: "Your invoice",
    text: "t",
    status: "outbox",
  });
  return { contact, invoice, client };
}

describeEachDatabase("a person's data", (get) => {
  it("finds a person everywhere, gives it as JSON, and erases it keeping what the law requires", async () => {
    const database = get();
    const email = "pat@person.example";
    const { contact, invoice } = await plantPerson(database, email);
    const data = await findPersonalData(database.db, "  Pat@Person.example ");
    expect(countPersonalData(data)).toEqual({
      leads: 1,
      clientContacts: 1,
      subscribers: 1,
      chatConversations: 1,
      comments: 1,
      portalAccess: 1,
      pagesBeforeContact: 1,
      mails: 1,
    });
    const json = JSON.parse(personalDataJson(data));
    expect(json.chatConversations[0].messages[0].body).toBe("Hello there");
    expect(json.subscribers[0].unsubscribeToken).toBeUndefined();
    expect(json.recordsKept.invoices[0].number).toBe(invoice.number);

    const outcome = await erasePersonalData({ db: database.db, email, actor });
    expect(outcome).toMatchObject({
      leads: 1,
      subscribers: 1,
      chatConversations: 1,
      comments: 1,
      mails: 1,
      clientContactsAnonymised: 1,
    });
    const after = await findPersonalData(database.db, email);
    expect(countPersonalData(after)).toEqual({
      leads: 0,
      clientContacts: 0,
      subscribers: 0,
      chatConversations: 0,
      comments: 0,
      portalAccess: 0,
      pagesBeforeContact: 0,
      mails: 0,
    });
    const [anonymous] = await database.db
      .select()
      .from(clientContacts)
      .where(eq(clientContacts.id, contact.id));
    expect(anonymous).toMatchObject({ name: "Erased contact", phone: "", role: "" });
    expect(anonymous.email).toMatch(/@erased\.invalid$/);
    const [kept] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({
      number: invoice.number,
      total: 10_000,
      clientId: invoice.clientId,
    });
    expect(
      await database.db
        .select()
        .from(portalSessions)
        .where(eq(portalSessions.contactId, contact.id)),
    ).toEqual([]);
    const [erased] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.area, "personal-data"), eq(auditEvents.action, "erase")));
    expect(erased.detail).toMatchObject({ leads: 1, clientContactsAnonymised: 1 });
    expect(JSON.stringify(erased.detail)).not.toContain("pat@person");
    expect(erased.detail.emailSha256).toMatch(/^[0-9a-f]{16}$/);

    const again = await erasePersonalData({ db: database.db, email, actor }).catch(
      (error: unknown) => error,
    );
    expect(again).toBeInstanceOf(AppError);
  });

  it("mails a subscriber a one-time link to their own data, three times a day at most", async () => {
    const database = get();
    const env = importEnv();
    const email = "sam@subscriber.example";
    await database.db.insert(subscribers).values({
      email,
      status: "confirmed",
      unsubscribeToken: "sam-unsubscribe-token",
      source: "website",
    });
    const answer = await requestOwnDataExport({
      db: database.db,
      env,
      unsubscribeToken: "sam-unsubscribe-token",
    });
    expect(answer).toMatch(/on its way/);
    // An unknown token gets the same answer and sends nothing.
    expect(await requestOwnDataExport({ db: database.db, env, unsubscribeToken: "nobody" })).toBe(
      answer,
    );
    const mails = await database.db.select().from(mailMessages).where(eq(mailMessages.to, email));
    expect(mails).toHaveLength(1);
    const token = /my-data\?token=([\w-]+)/.exec(mails[0].text)?.[1] ?? "";
    const file = JSON.parse(await downloadOwnData({ db: database.db, token }));
    expect(file.email).toBe(email);
    expect(file.subscribers[0].status).toBe("confirmed");
    const spent = await downloadOwnData({ db: database.db, token }).catch(
      (error: unknown) => error,
    );
    expect((spent as AppError).status).toBe(410);
    await requestOwnDataExport({ db: database.db, env, unsubscribeToken: "sam-unsubscribe-token" });
    await requestOwnDataExport({ db: database.db, env, unsubscribeToken: "sam-unsubscribe-token" });
    const limited = await requestOwnDataExport({
      db: database.db,
      env,
      unsubscribeToken: "sam-unsubscribe-token",
    }).catch((error: unknown) => error);
    expect((limited as AppError).status).toBe(429);
  });
});
