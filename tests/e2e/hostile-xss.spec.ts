import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { proposals } from "#server/db/schema/index.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import {
  loginAs,
  postAsStaff,
  type ServerWithStaff,
  signInCookie,
  startServerWithStaff,
} from "#tests/helpers/auth.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { mailEnv, makeClient, makeProposal, staff } from "#tests/helpers/business.ts";
import { fetchFormTokens } from "#tests/helpers/form-token.ts";
import { newDataDir, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";
import { nextAddress } from "./hostile-helpers";

// Our XSS corpus (tests/fixtures/xss-payloads.txt) put into the text fields
// visitors fill in and staff read back: contact messages (the leads list),
// comments (approved, then on the insight page and in moderation) and chat
// (visitor names and messages in /admin/chat). Every page that shows them is
// opened in Chromium: no dialog, no window.__xss, no console error, and the
// payload is there as text.

const payloads = readFileSync(
  path.resolve(import.meta.dirname, "../fixtures/xss-payloads.txt"),
  "utf8",
)
  .split("\n")
  .filter((line) => line.trim() && !line.startsWith("#"));

let server: ServerWithStaff;
let browser: Browser;
let cookie = "";
let insightSlug = "";
const run = Math.random().toString(36).slice(2, 8);
/** A name short enough for every name field, unique per payload. */
const nameOf = (index: number) => `${payloads[index].slice(0, 60)} ${run}${index}`;

async function post(formPath: string, fields: Record<string, string>, extra: HeadersInit = {}) {
  const response = await fetch(`${server.url}${formPath}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      "X-Forwarded-For": nextAddress(),
      ...extra,
    },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Opens a page, and fails if anything of the corpus ran there. */
async function expectInert(url: string, signIn: boolean, expectText: string[]) {
  const { page, errors, close } = await openPage(browser);
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  if (signIn) await loginAs(page as Page, server, "admin");
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(300);
  const fired = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
  const text = await page.evaluate(() => document.body.textContent ?? "");
  // Markup that would run if it were ever triggered: event handlers and javascript: URLs.
  const armed = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((element) =>
        [...element.attributes].some(
          (attribute) =>
            /^on/i.test(attribute.name) ||
            /^\s*javascript:/i.test(attribute.value) ||
            (attribute.name === "srcdoc" && attribute.value !== ""),
        ),
      )
      .map((element) => element.outerHTML.slice(0, 200)),
  );
  const shown = expectText.filter((expected) => text.includes(expected));
  await close();
  expect(fired, url).toBeUndefined();
  expect(dialogs, url).toEqual([]);
  expect(armed, url).toEqual([]);
  expect(
    errors.filter(
      (error) =>
        !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
    ),
    url,
  ).toEqual([]);
  expect(shown.length, `${url} shows the payloads as text`).toBe(expectText.length);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerWithStaff({ env: { TRUST_PROXY: "true" } }),
    launchBrowser(),
  ]);
  cookie = await signInCookie(server, server.staff.admin);
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  insightSlug = /\/insights\/([\w-]+)<\/loc>/.exec(sitemap)?.[1] ?? "";
}, budget(120_000));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("XSS corpus", () => {
  it("has payloads of every kind", () => {
    expect(payloads.length).toBeGreaterThanOrEqual(25);
  });

  it(
    "shows contact messages to staff as text",
    async () => {
      // One token per filling: the same form sent twice would store one message.
      const tokens = await fetchFormTokens(server.url, { count: payloads.length });
      for (const [index, payload] of payloads.entries()) {
        const answer = await post("/contact", {
          name: nameOf(index),
          email: `xss-${run}-${index}@example.com`,
          company: payload.slice(0, 150),
          service: "other",
          budget: "not-sure",
          timeline: "exploring",
          message: `Our project brief: ${payload} ${payloads.join(" ")}`.slice(0, 4900),
          formToken: tokens[index],
          website: "",
        });
        expect(answer.status, `${payload}: ${answer.text.slice(0, 200)}`).toBe(302);
      }
      await expectInert(`${server.url}/admin/clients?tab=leads`, true, [
        nameOf(payloads.length - 1),
      ]);
    },
    budget(120_000),
  );

  it(
    "shows approved comments as text on the insight and in moderation",
    async () => {
      expect(insightSlug).not.toBe("");
      const tokens = await fetchFormTokens(server.url, { count: payloads.length });
      for (const [index, payload] of payloads.entries()) {
        const answer = await post(`/insights/${insightSlug}`, {
          name: nameOf(index).slice(0, 60),
          email: `xss-${run}-${index}@example.com`,
          body: `A thoughtful reply: ${payload}`,
          formToken: tokens[index],
          website: "",
        });
        expect(answer.status, `${payload}: ${answer.text.slice(0, 200)}`).toBe(200);
      }
      await expectInert(`${server.url}/admin/comments`, true, [
        `A thoughtful reply: ${payloads[payloads.length - 1]}`,
      ]);
      // Approve everything waiting, page by page.
      for (let round = 0; round < 6; round++) {
        const moderation = await (
          await fetch(`${server.url}/admin/comments`, { headers: { Cookie: cookie } })
        ).text();
        const ids = new Set(
          [...moderation.matchAll(/name="ids" value="([0-9a-f-]{36})"/g)].map((match) => match[1]),
        );
        if (ids.size === 0) break;
        const form = new URLSearchParams({ intent: "approve" });
        for (const id of ids) form.append("ids", id);
        const approved = await postAsStaff(server, cookie, "/admin/comments?index", form);
        expect(approved.status).toBeLessThan(400);
      }
      await expectInert(`${server.url}/insights/${insightSlug}`, false, [
        `A thoughtful reply: ${payloads[0]}`,
        `A thoughtful reply: ${payloads[payloads.length - 1]}`,
      ]);
    },
    budget(120_000),
  );

  it(
    "shows chat visitors' names and messages to staff as text",
    async () => {
      for (const [index, payload] of payloads.slice(0, 8).entries()) {
        const first = await fetch(`${server.url}/api/chat`);
        const visitor = first.headers.getSetCookie().map((value) => value.split(";")[0]);
        const headers = { Cookie: visitor.join("; ") };
        const offline = await post(
          "/api/chat",
          {
            intent: "offline",
            name: nameOf(index).slice(0, 60),
            email: `chat-${run}-${index}@example.com`,
            body: `Chat question: ${payload}`,
          },
          headers,
        );
        expect(offline.status, offline.text.slice(0, 200)).toBeLessThan(500);
      }
      await expectInert(`${server.url}/admin/chat`, true, [nameOf(7).slice(0, 60)]);
    },
    budget(120_000),
  );

  it(
    "shows an insight written with the corpus as text, on the site and in the command center",
    async () => {
      const slug = `xss-${run}`;
      const title = `${payloads[0]} ${run}`;
      const body = [
        "An article written by a hostile author.",
        ...payloads.map((payload) => `Paragraph: ${payload}`),
        "```html\n<script>window.__xss=99</script>\n```",
        '<div onclick="window.__xss=100">raw html</div>',
      ].join("\n\n");
      const created = await fetch(`${server.url}/admin/insights/create`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          Cookie: cookie,
        },
        body: new URLSearchParams({
          title,
          slug,
          excerpt: `Excerpt ${payloads[1]}`,
          body,
          author: payloads[2].slice(0, 100),
          tags: "security",
          coverImage: "",
          coverAlt: "",
          status: "published",
          publishAt: "",
        }),
      });
      expect(created.status, (await created.text()).slice(0, 300)).toBe(302);
      await expectInert(`${server.url}/insights/${slug}`, false, [
        title,
        `Excerpt ${payloads[1]}`,
        // The article is Markdown: raw HTML in it is cleaned away, the words stay.
        "An article written by a hostile author.",
        `Paragraph: ${payloads[4]}`,
      ]);
      await expectInert(`${server.url}/insights`, false, [title]);
      await expectInert(`${server.url}/admin/insights`, true, [title]);
      const rss = await (await fetch(`${server.url}/insights.rss`)).text();
      expect(rss).not.toContain("<script>window.__xss");
    },
    budget(120_000),
  );

  async function adminPost(formPath: string, fields: Record<string, string>) {
    return post(formPath, fields, { Cookie: cookie });
  }

  it(
    "shows subscriber names to staff as text",
    async () => {
      for (const [index, payload] of payloads.slice(0, 10).entries()) {
        const added = await adminPost("/admin/subscribers?index", {
          intent: "add",
          email: `sub-${run}-${index}@example.com`,
          name: `${payload.slice(0, 80)} ${run}`,
          tags: "",
        });
        expect(added.status, added.text.slice(0, 200)).toBeLessThan(500);
      }
      await expectInert(`${server.url}/admin/subscribers?q=${run}`, true, [
        `${payloads[0].slice(0, 80)} ${run}`,
      ]);
    },
    budget(120_000),
  );

  it(
    "refuses javascript: logo addresses and keeps attribute breakouts inert on every page",
    async () => {
      const refused = await adminPost("/admin/header", {
        logoUrl: "javascript:window.__xss=1",
        logoPngUrl: "",
        logoWidth: "120",
        footerLogoUrl: "",
        footerLogoWidth: "120",
        faviconUrl: "",
      });
      expect(refused.status).toBe(400);
      const saved = await adminPost("/admin/header", {
        logoUrl: '/logo-x.svg" onerror="window.__xss=1',
        logoPngUrl: "/logo-x.png'><script>window.__xss=2</script>",
        logoWidth: "120",
        footerLogoUrl: '/footer-x.svg"><img src=x onerror=window.__xss=3>',
        footerLogoWidth: "120",
        faviconUrl: '/fav-x.ico"><script>window.__xss=4</script>',
      });
      expect(saved.status, saved.text.slice(0, 300)).toBe(302);
      await expectInert(`${server.url}/`, false, []);
      await expectInert(`${server.url}/contact`, false, []);
      await expectInert(`${server.url}/admin/header`, true, []);
    },
    budget(120_000),
  );

  it(
    "shows a proposal written with the corpus to its client as text",
    async () => {
      // Made in the database before its server starts (a running server locks PGlite).
      const dataDir = await newDataDir("frontier-xss-proposal-");
      const database = await openDatabase({ dataDir });
      let publicId = "";
      try {
        const client = await makeClient(database.db, { company: `${payloads[1]} Co` });
        const proposal = await makeProposal(database.db, client.id, {
          title: `${payloads[0]} ${run}`,
          scope: payloads.map((payload) => `Scope: ${payload}`).join("\n\n"),
          approach: `Approach: ${payloads[4]}`,
          items: [
            {
              description: `Item ${payloads[2]}`,
              quantity: 100,
              unitAmount: 100_000,
              taxRateBp: 0,
              kind: "one_off",
              interval: null,
            },
          ],
        });
        await sendProposal({ db: database.db, env: mailEnv, actor: staff, id: proposal.id });
        const [row] = await database.db
          .select({ publicId: proposals.publicId })
          .from(proposals)
          .where(eq(proposals.id, proposal.id));
        publicId = row.publicId;
      } finally {
        await database.close();
      }
      const proposalServer = await startServer({ dataDir });
      try {
        const previous = server;
        server = { ...proposalServer, staff: previous.staff };
        try {
          await expectInert(`${proposalServer.url}/proposal/${publicId}`, false, [
            `${payloads[0]} ${run}`,
            `Item ${payloads[2]}`,
            `Approach: ${payloads[4]}`,
          ]);
        } finally {
          server = previous;
        }
      } finally {
        await proposalServer.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    budget(120_000),
  );
});
