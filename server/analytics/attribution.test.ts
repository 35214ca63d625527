import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueFormToken } from "#server/antispam/antispam.ts";
import { sendVisitorMessage, takeOfflineMessage } from "#server/chat/visitor-messages.ts";
import { convertLead } from "#server/clients/leads.ts";
import { leadTouchpoints } from "#server/db/schema/analytics.ts";
import { chatConversations } from "#server/db/schema/chat.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { submitContactForm } from "#server/leads/leads.ts";
import {
  confirmSubscription,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "#server/newsletter/newsletter.ts";
import { createPage, publishPage } from "#server/pages/pages.ts";
import { acceptProposal } from "#server/proposals/acceptance.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import { TRAIL_FIELD, type TrailEntry } from "#shared/analytics.ts";
import { mailEnv, makeProposal, staff } from "#tests/helpers/business.ts";
import { makeInsight, unique } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { rankContentByLeads, rankContentByValue, titlesOf } from "./attribution";
import { rollupAnalytics } from "./rollup";
import { refreshStoredPagePaths } from "./stored-page-paths";
import {
  attachConversationTouchpoints,
  findClientTouchpoints,
  findLeadTouchpoints,
  readTouchpoints,
} from "./touchpoints";

const env = {
  AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
  MAIL_FROM: "Frontier <hello@frontier.test>",
  PUBLIC_URL: "https://frontier.test",
  SMTP_URL: undefined,
  STAFF_EMAIL: undefined,
};
const today = new Date().toISOString().slice(0, 10);
const range = { from: today, to: today };

/** A visitor's trail as the browser keeps it: a campaign entry, then pages read. */
function trail(...paths: string[]): TrailEntry[] {
  const start = Date.now() - 10 * 60_000;
  return paths.map((p, index) =>
    index === 0
      ? { p, t: start, r: "news.example.com", s: "newsletter", m: "email", c: "spring" }
      : { p, t: start + index * 60_000 },
  );
}

function formWith(fields: Record<string, string>, entries?: unknown) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (entries !== undefined)
    form.set(TRAIL_FIELD, typeof entries === "string" ? entries : JSON.stringify(entries));
  return form;
}

function contactForm(entries?: unknown) {
  return formWith(
    {
      name: "Ada Lovelace",
      email: `ada-${unique()}@example.com`,
      company: `Engines ${unique()}`,
      service: "ai-ml",
      budget: "50k-100k",
      timeline: "1-3-months",
      message: "We would like a model that predicts engine failures.",
      website: "",
      formToken: issueFormToken(env.AUTH_SECRET, Date.now() - 5000),
    },
    entries,
  );
}

const none = new Headers();

describeEachDatabase("attribution: the pages before contact", (get) => {
  async function contact(entries: unknown, headers = none) {
    const form = contactForm(entries);
    const sent = await submitContactForm({
      db: get().db,
      env,
      form,
      address: unique(),
      touchpoints: readTouchpoints({ form, headers }),
    });
    if (sent.isRepeat) throw new Error("each test form is a new filling");
    return sent.lead;
  }

  it("keeps a contact's pages with the lead, in order, leaving out what is not a public page", async () => {
    const entries = [
      ...trail("/", "/insights/ship-it", "/contact"),
      { p: "/admin/analytics", t: Date.now() },
      { p: "/podcasts#shipping-ai", t: Date.now() },
      { p: "/insights", t: "yesterday" },
      { p: "/faq", t: Date.now() - 90 * 24 * 60 * 60_000 },
      "not an entry",
    ];
    const lead = await contact(entries);
    const stored = (await findLeadTouchpoints({ db: get().db, leadIds: [lead.id] })).get(lead.id);
    expect(stored?.map((touchpoint) => touchpoint.path)).toEqual([
      "/",
      "/insights/ship-it",
      "/contact",
      "/podcasts#shipping-ai",
    ]);
    expect(stored?.[0]).toMatchObject({
      referrerHost: "news.example.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
    });
    expect(stored?.[1]).toMatchObject({ referrerHost: null, utmCampaign: null });
  });

  it("takes at most 50 pages; garbage or a privacy signal keeps none, and the lead is stored anyway", async () => {
    const many = Array.from({ length: 80 }, (_, index) => ({ p: "/faq", t: Date.now() - index }));
    const capped = await contact(many);
    const garbage = await contact("{not json");
    const object = await contact({ p: "/" });
    const refused = await contact(trail("/", "/pricing"), new Headers({ "Sec-GPC": "1" }));
    const byLead = await findLeadTouchpoints({
      db: get().db,
      leadIds: [capped.id, garbage.id, object.id, refused.id],
    });
    expect(byLead.get(capped.id)).toHaveLength(50);
    expect(byLead.has(garbage.id) || byLead.has(object.id) || byLead.has(refused.id)).toBe(false);
  });

  describe("a newsletter sign-up's pages", () => {
    /** A sign-up from a browser: its pages, and the trail key its cookie keeps. */
    const signUp = (email: string, entries: TrailEntry[], trailKey?: string) => {
      const form = formWith({ email, website: "" }, entries);
      return subscribeToNewsletter({
        db: get().db,
        env,
        form,
        address: unique(),
        touchpoints: readTouchpoints({ form, headers: none }),
        trailKey,
      });
    };
    const newestToken = async (email: string) => {
      const [mail] = await get()
        .db.select({ text: mailMessages.text })
        .from(mailMessages)
        .where(eq(mailMessages.to, email))
        .orderBy(desc(mailMessages.createdAt))
        .limit(1);
      return decodeURIComponent(/confirm\?token=([^\s"<]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    };
    const storedPaths = async (email: string) => {
      const rows = await get()
        .db.select({ path: leadTouchpoints.path })
        .from(leadTouchpoints)
        .innerJoin(subscribers, eq(subscribers.id, leadTouchpoints.subscriberId))
        .where(eq(subscribers.email, email))
        .orderBy(leadTouchpoints.position);
      return rows.map((row) => row.path);
    };
    const subscribersOf = async (path: string) =>
      (await rankContentByLeads({ db: get().db, range })).find((row) => row.path === path)
        ?.subscribers ?? 0;

    it("keeps only what the confirming browser sent: a trail planted first with someone else's address loses", async () => {
      const email = `reader-${unique()}@example.com`;
      const planted = `/insights/planted-${unique()}`;
      const real = `/case-studies/real-${unique()}`;
      // Someone signs the reader up first, with a forged trail, from their own browser.
      const forger = await signUp(email, trail("/", planted));
      // The reader signs up from theirs and confirms there.
      const reader = await signUp(email, trail("/", real));
      expect(reader.trailKey).toBeTruthy();
      expect(reader.trailKey).not.toBe(forger.trailKey);
      // Until confirmed, no sign-up's pages reach a report.
      expect(await storedPaths(email)).toEqual([]);
      expect(await subscribersOf(planted)).toBe(0);
      expect(await subscribersOf(real)).toBe(0);

      const token = await newestToken(email);
      expect(await confirmSubscription({ db: get().db, token, trailKey: reader.trailKey })).toBe(
        "confirmed",
      );
      expect(await storedPaths(email)).toEqual(["/", real]);
      expect(await subscribersOf(planted)).toBe(0);
      expect(await subscribersOf(real)).toBe(1);
    });

    it("keeps no pages when the confirming browser is not the one that sent them", async () => {
      const email = `reader-${unique()}@example.com`;
      const planted = `/insights/planted-${unique()}`;
      const forger = await signUp(email, trail(planted));
      // The reader confirms the mail they did not ask for, in their own browser (no key, or
      // a key of their own from another sign-up).
      const token = await newestToken(email);
      const own = await signUp(`other-${unique()}@example.com`, trail("/pricing"));
      expect(own.trailKey).not.toBe(forger.trailKey);
      expect(await confirmSubscription({ db: get().db, token, trailKey: own.trailKey })).toBe(
        "confirmed",
      );
      expect(await storedPaths(email)).toEqual([]);
      expect(await subscribersOf(planted)).toBe(0);
    });

    it("forgets the pages of a sign-up whose link ran out; an unconfirmed subscriber's stored pages count nowhere", async () => {
      const email = `reader-${unique()}@example.com`;
      await signUp(email, trail("/", "/faq"));
      const waiting = () =>
        get()
          .db.select({
            pages: subscribers.pendingTouchpoints,
            hash: subscribers.pendingTrailKeyHash,
          })
          .from(subscribers)
          .where(eq(subscribers.email, email));
      expect((await waiting())[0].pages).toHaveLength(2);
      await rollupAnalytics({ db: get().db, now: new Date(Date.now() + 8 * 24 * 3600_000) });
      expect(await waiting()).toEqual([{ pages: null, hash: null }]);

      // Pages stored with a subscriber who never confirmed (as older versions did) are not
      // counted in the ranking.
      const path = `/insights/unconfirmed-${unique()}`;
      const [pending] = await get()
        .db.select({ id: subscribers.id })
        .from(subscribers)
        .where(eq(subscribers.email, email));
      await get()
        .db.insert(leadTouchpoints)
        .values({ subscriberId: pending.id, path, viewedAt: new Date(), position: 0 });
      expect(await subscribersOf(path)).toBe(0);
    });

    it("keeps the pages of the first confirmed subscription when a subscriber signs up again", async () => {
      const email = `reader-${unique()}@example.com`;
      const first = await signUp(email, trail("/", "/insights"));
      await confirmSubscription({
        db: get().db,
        token: await newestToken(email),
        trailKey: first.trailKey,
      });
      const [row] = await get()
        .db.select({ token: subscribers.unsubscribeToken })
        .from(subscribers)
        .where(eq(subscribers.email, email));
      await unsubscribeFromNewsletter({ db: get().db, token: row.token });
      // The same browser (one key for all its sign-ups) comes back with other pages.
      const again = await signUp(email, trail("/pricing"), first.trailKey);
      expect(again.trailKey).toBe(first.trailKey);
      await confirmSubscription({
        db: get().db,
        token: await newestToken(email),
        trailKey: again.trailKey,
      });
      expect(await storedPaths(email)).toEqual(["/", "/insights"]);
    });
  });

  it("keeps a chat's pages with the conversation, and an offline message's with its lead too", async () => {
    const database = get();
    const visitorId = `visitor-${unique()}`;
    const touchpoints = readTouchpoints({
      form: formWith({}, trail("/", "/services")),
      headers: none,
    });
    expect(await attachConversationTouchpoints({ db: database.db, visitorId, touchpoints })).toBe(
      false,
    );
    await sendVisitorMessage({ database, visitorId, body: "Hello!", address: null });
    expect(await attachConversationTouchpoints({ db: database.db, visitorId, touchpoints })).toBe(
      true,
    );
    // A later trail does not replace the first contact's.
    expect(await attachConversationTouchpoints({ db: database.db, visitorId, touchpoints })).toBe(
      false,
    );
    const [conversation] = await database.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.visitorId, visitorId));
    const chatPages = await database.db
      .select({ path: leadTouchpoints.path })
      .from(leadTouchpoints)
      .where(eq(leadTouchpoints.conversationId, conversation.id));
    expect(chatPages.map((row) => row.path).sort()).toEqual(["/", "/services"]);

    const offline = await takeOfflineMessage({
      database,
      env,
      visitorId: `visitor-${unique()}`,
      input: { name: "Grace", email: `grace-${unique()}@example.com`, body: "Call me back." },
      address: null,
      touchpoints: readTouchpoints({ form: formWith({}, trail("/pricing")), headers: none }),
    });
    const leadPages = await findLeadTouchpoints({ db: database.db, leadIds: [offline.leadId] });
    expect(leadPages.get(offline.leadId)?.map((touchpoint) => touchpoint.path)).toEqual([
      "/pricing",
    ]);
  });

  it("ranks content by the leads that saw it and by the accepted proposals they preceded", async () => {
    const { db } = get();
    const path = `/insights/rank-${unique()}`;
    const other = `/case-studies/rank-${unique()}`;
    const article = await makeInsight(db, { slug: path.slice("/insights/".length) });
    const first = await contact(trail("/", path));
    const second = await contact(trail(path, other));
    await contact(trail(other));

    const byLeads = await rankContentByLeads({ db, range });
    const rowOf = (target: string) => byLeads.find((row) => row.path === target);
    expect(rowOf(path)).toMatchObject({ leads: 2, subscribers: 0, chats: 0 });
    expect(rowOf(other)).toMatchObject({ leads: 2 });
    expect(await titlesOf({ db, paths: [path, other, "/"] })).toEqual({ [path]: article.title });

    // The first lead becomes a client who accepts two proposals (USD and EUR); the second
    // becomes a client whose proposal is only sent.
    const won = await convertLead({ db, actor: staff, leadId: first.id });
    const pending = await convertLead({ db, actor: staff, leadId: second.id });
    const totals: Record<string, number> = {};
    for (const currency of ["USD", "EUR"]) {
      const proposal = await makeProposal(db, won.id, { currency });
      await sendProposal({ db, env: mailEnv, actor: staff, id: proposal.id });
      await acceptProposal({
        db,
        env: mailEnv,
        publicId: proposal.publicId,
        fullName: "Ada Lovelace",
        hasAgreed: true,
        address: "203.0.113.9",
      });
      const [row] = await db
        .select({ total: proposals.total })
        .from(proposals)
        .where(eq(proposals.id, proposal.id));
      totals[currency] = row.total;
    }
    const open = await makeProposal(db, pending.id);
    await sendProposal({ db, env: mailEnv, actor: staff, id: open.id });

    const byValue = await rankContentByValue({ db, range });
    const wonBefore = (target: string) =>
      byValue
        .filter((row) => row.path === target)
        .map(({ currency, amount, proposals }) => ({ currency, amount, proposals }));
    expect(wonBefore(path)).toEqual(
      expect.arrayContaining([
        { currency: "USD", amount: totals.USD, proposals: 1 },
        { currency: "EUR", amount: totals.EUR, proposals: 1 },
      ]),
    );
    expect(wonBefore(path)).toHaveLength(2);
    expect(wonBefore(other)).toEqual([]);
    expect(
      await rankContentByValue({ db, range: { from: "2020-01-01", to: "2020-01-31" } }),
    ).toEqual([]);

    // The client's page shows the pages its lead saw.
    const groups = await findClientTouchpoints({ db, clientId: won.id });
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ id: first.id, kind: "lead" });
    expect(groups[0].touchpoints.map((touchpoint) => touchpoint.path)).toEqual(["/", path]);
  });

  it("ranks a landing page by the leads it preceded and their accepted proposals' value", async () => {
    const database = get();
    const { db } = database;
    const landing = `/landing-${unique()}`;
    const page = await createPage({
      database,
      actor: { id: "admin-1", name: "Ada Admin" },
      input: {
        path: landing,
        title: "Spring audit offer",
        blocks: [{ type: "hero", title: "Hi" }],
      },
    });
    await publishPage({ database, actor: { id: "admin-1", name: "Ada Admin" }, id: page.id });
    await refreshStoredPagePaths(db);
    const lead = await contact(trail(landing, "/contact"));
    expect(
      (await rankContentByLeads({ db, range })).find((row) => row.path === landing),
    ).toMatchObject({ leads: 1 });
    expect((await titlesOf({ db, paths: [landing] }))[landing]).toBe("Spring audit offer");

    const client = await convertLead({ db, actor: staff, leadId: lead.id });
    const proposal = await makeProposal(db, client.id, { currency: "USD" });
    await sendProposal({ db, env: mailEnv, actor: staff, id: proposal.id });
    await acceptProposal({
      db,
      env: mailEnv,
      publicId: proposal.publicId,
      fullName: "Ada Lovelace",
      hasAgreed: true,
      address: "203.0.113.9",
    });
    const [row] = await db
      .select({ total: proposals.total })
      .from(proposals)
      .where(eq(proposals.id, proposal.id));
    const byValue = await rankContentByValue({ db, range });
    expect(byValue.filter((entry) => entry.path === landing)).toEqual([
      { path: landing, currency: "USD", amount: row.total, proposals: 1 },
    ]);
  });
});
