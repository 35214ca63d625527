import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { action as chatAction } from "#app/routes/resources/chat.ts";
import { action as newsletterAction } from "#app/routes/resources/newsletter.ts";
import { action as confirmAction } from "#app/routes/site/newsletter-confirm.tsx";
import { signVisitorId, VISITOR_COOKIE } from "#server/chat/visitor-cookie.ts";
import type { AppContext } from "#server/context.ts";
import { leadTouchpoints } from "#server/db/schema/analytics.ts";
import { chatConversations } from "#server/db/schema/chat.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { leads } from "#server/db/schema/leads.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { TRAIL_FIELD } from "#shared/analytics.ts";
import { testEnv } from "#tests/helpers/chat.ts";
import { unique } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

// The routes that take a visitor's pages with what they send: each reads the hidden field
// and, for the chat, the `trail` intent after the first message.

const env = testEnv({ PUBLIC_URL: "http://frontier.test" });
const trail = JSON.stringify([
  { p: "/", t: Date.now() - 60_000, s: "newsletter", c: "spring" },
  { p: "/services", t: Date.now() - 30_000 },
]);

describeEachDatabase("forms that carry the pages before contact", (get) => {
  const context = () =>
    ({
      db: get().db,
      database: get(),
      env,
      nonce: "",
      clientAddress: unique(),
      outcome: {},
    }) as AppContext;
  const post = (
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return new Request(`http://frontier.test${path}`, { method: "POST", body, headers });
  };
  const call = (handler: (args: never) => unknown, request: Request) =>
    handler({
      request,
      url: new URL(request.url),
      context: context(),
      params: {},
    } as never) as Promise<unknown>;

  const pathsOf = async (column: "conversationId" | "subscriberId" | "leadId", id: string) =>
    (
      await get()
        .db.select({ path: leadTouchpoints.path })
        .from(leadTouchpoints)
        .where(eq(leadTouchpoints[column], id))
        .orderBy(leadTouchpoints.position)
    ).map((row) => row.path);

  it("the chat keeps the pages sent after the first message, and an offline message's", async () => {
    const visitorId = `visitor-${unique()}`;
    const cookie = `${VISITOR_COOKIE}=${encodeURIComponent(signVisitorId(visitorId, env.AUTH_SECRET))}`;
    await call(
      chatAction,
      post("/api/chat", { intent: "send", body: "Hello there" }, { Cookie: cookie }),
    );
    await call(
      chatAction,
      post("/api/chat", { intent: "trail", [TRAIL_FIELD]: trail }, { Cookie: cookie }),
    );
    const [conversation] = await get()
      .db.select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.visitorId, visitorId));
    expect(await pathsOf("conversationId", conversation.id)).toEqual(["/", "/services"]);

    const email = `offline-${unique()}@example.com`;
    const other = `${VISITOR_COOKIE}=${encodeURIComponent(signVisitorId(`visitor-${unique()}`, env.AUTH_SECRET))}`;
    await call(
      chatAction,
      post(
        "/api/chat",
        {
          intent: "offline",
          name: "Grace",
          email,
          body: "Please call me back.",
          [TRAIL_FIELD]: trail,
        },
        { Cookie: other },
      ),
    );
    const [lead] = await get()
      .db.select({ id: leads.id })
      .from(leads)
      .where(eq(leads.email, email));
    expect(await pathsOf("leadId", lead.id)).toEqual(["/", "/services"]);
  });

  it("the footer sign-up keeps them once the same browser confirms, never with GPC", async () => {
    const confirmIn = async (email: string, cookie?: string) => {
      const [mail] = await get()
        .db.select({ text: mailMessages.text })
        .from(mailMessages)
        .where(eq(mailMessages.to, email));
      const token = decodeURIComponent(/confirm\?token=([^\s"<]+)/.exec(mail.text)?.[1] ?? "");
      return call(
        confirmAction,
        post("/newsletter/confirm", { token }, cookie ? { Cookie: cookie } : {}),
      );
    };
    const email = `reader-${unique()}@example.com`;
    const answer = (await call(
      newsletterAction,
      post("/newsletter", { email, website: "", [TRAIL_FIELD]: trail }),
    )) as { init: { headers: Record<string, string> } };
    const setCookie = answer.init.headers["Set-Cookie"];
    expect(setCookie).toMatch(
      /^frontier\.newsletter=[\w-]{43}; Path=\/newsletter; HttpOnly; SameSite=Lax; Max-Age=604800$/,
    );
    const refused = `private-${unique()}@example.com`;
    const private_ = (await call(
      newsletterAction,
      post(
        "/newsletter",
        { email: refused, website: "", [TRAIL_FIELD]: trail },
        { "Sec-GPC": "1" },
      ),
    )) as { init: { headers?: Record<string, string> } | null };
    expect(private_.init?.headers).toBeUndefined();
    const rows = () =>
      get().db.select({ id: subscribers.id, email: subscribers.email }).from(subscribers);
    const idOf = async (address: string) =>
      (await rows()).find((row) => row.email === address)?.id ?? "";
    // Nothing is kept with a sign-up before it is confirmed.
    expect(await pathsOf("subscriberId", await idOf(email))).toEqual([]);
    expect(await confirmIn(email, `theme=dark; ${setCookie.split(";")[0]}`)).toEqual({
      result: "confirmed",
    });
    expect(await pathsOf("subscriberId", await idOf(email))).toEqual(["/", "/services"]);
    await confirmIn(refused);
    expect(await idOf(refused)).not.toBe("");
    expect(await pathsOf("subscriberId", await idOf(refused))).toEqual([]);
  });
});
