import type { AddressInfo } from "node:net";
import express from "express";
import { expect, it } from "vitest";
import { AppError } from "#server/errors.ts";
import { makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { auditPublicPages } from "./audit";
import {
  applySeoOverride,
  findSeoOverrides,
  getRobotsAdditions,
  saveRobotsAdditions,
  saveSeoOverride,
  seoOverrideMiddleware,
} from "./overrides";

const actor = { id: "admin-1" };

it("writes the override into a rendered head", () => {
  const html =
    '<html><head><title>Old</title><meta name="description" content="old"/><meta property="og:title" content="Old"/></head><body></body></html>';
  const result = applySeoOverride(
    html,
    {
      title: 'New "title"',
      description: "Fresh",
      socialImage: "/uploads/images/a-960.webp",
      isNoindex: true,
    },
    "https://frontier.test",
  );
  expect(result).toContain("<title>New &quot;title&quot;</title>");
  expect(result).toContain('<meta name="description" content="Fresh"/>');
  expect(result).toContain('<meta property="og:title" content="New &quot;title&quot;"/>');
  expect(result).toContain(
    '<meta property="og:image" content="https://frontier.test/uploads/images/a-960.webp"/>',
  );
  expect(result).toContain('<meta name="robots" content="noindex, nofollow"/></head>');
});

it("writes replacement patterns ($', $`, $&, $1, $$) as the text they are", () => {
  const html =
    '<html><head><title>Old</title><meta name="description" content="old"/></head><body>Page</body></html>';
  for (const value of ["$'", "$`", "$&", "$1", "$$", "a $' b $` c $& d"]) {
    const result = applySeoOverride(
      html,
      { title: value, description: value, socialImage: null, isNoindex: false },
      "https://frontier.test",
    );
    const escaped = value.replaceAll("&", "&amp;");
    expect(result).toContain(`<title>${escaped}</title>`);
    expect(result).toContain(`<meta name="description" content="${escaped}"/>`);
    expect(result).toContain(`<meta name="twitter:description" content="${escaped}"/></head>`);
    expect(result.match(/<title>/g)).toHaveLength(1);
    expect(result.match(/<body>/g)).toHaveLength(1);
    expect(result.endsWith("<body>Page</body></html>")).toBe(true);
  }
});

describeEachDatabase("SEO settings", (get) => {
  it("saves per-path overrides and robots.txt additions, refusing nonsense", async () => {
    await saveSeoOverride({
      database: get(),
      input: { path: "/faq/", title: "FAQ", isNoindex: "on" },
      actor,
    });
    expect((await findSeoOverrides(get().db)).find((row) => row.path === "/faq")).toMatchObject({
      title: "FAQ",
      isNoindex: true,
    });
    const empty = await saveSeoOverride({ database: get(), input: { path: "/x" }, actor }).catch(
      (error: unknown) => error,
    );
    expect(empty).toBeInstanceOf(AppError);
    await saveRobotsAdditions({
      database: get(),
      additions: "User-agent: GPTBot\nDisallow: /",
      actor,
    });
    expect(await getRobotsAdditions(get().db)).toBe("User-agent: GPTBot\nDisallow: /");
    const bad = await saveRobotsAdditions({ database: get(), additions: "<script>", actor }).catch(
      (error: unknown) => error,
    );
    expect((bad as AppError).message).toMatch(/Line 1 is not a robots.txt rule/);
  });

  it("rewrites the head of a page written in pieces, and leaves other paths and types alone", async () => {
    const database = get();
    await saveSeoOverride({
      database,
      input: { path: "/pricing", title: "Plans and prices", description: "What it costs" },
      actor,
    });
    const app = express();
    app.use(await seoOverrideMiddleware(database, "https://frontier.test"));
    app.get("/pricing", (_request, response) => {
      response.type("html");
      response.write("<html><head><title>Pricing</title>");
      response.write(Buffer.from('<meta name="description" content="old"/>'));
      response.end("</head><body>Plans</body></html>");
    });
    app.get("/pricing.json", (_request, response) => {
      response.json({ title: "Pricing" });
    });
    app.get("/faq", (_request, response) => {
      response.type("html").send("<html><head><title>FAQ</title></head></html>");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const page = await (await fetch(`${base}/pricing/`)).text();
      expect(page).toContain("<title>Plans and prices</title>");
      expect(page).toContain('<meta name="description" content="What it costs"/>');
      expect(page).toContain("<body>Plans</body>");
      expect(await (await fetch(`${base}/pricing.json`)).json()).toEqual({ title: "Pricing" });
      expect(await (await fetch(`${base}/faq`)).text()).toContain("<title>FAQ</title>");
    } finally {
      server.close();
    }
  });

  it("serves the whole page when an override holds replacement patterns", async () => {
    const database = get();
    await saveSeoOverride({
      database,
      input: { path: "/faq", title: "$'", description: "$` and $&" },
      actor,
    });
    const app = express();
    app.use(await seoOverrideMiddleware(database, "https://frontier.test"));
    app.get("/faq", (_request, response) => {
      response
        .type("html")
        .send("<html><head><title>FAQ</title></head><body>Answers</body></html>");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/faq`,
      );
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain("<title>$'</title>");
      expect(page).toContain('<meta name="description" content="$` and $&amp;"/>');
      expect(page).toMatch(/<body>Answers<\/body><\/html>$/);
      expect(page.match(/<body>/g)).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it("judges the title staff wrote for an insight, not what the template adds", async () => {
    // The site name after a 45-character title makes 64: the template's part, not staff's.
    const fine = await makeInsight(get().db, { title: "A".repeat(45) });
    const long = await makeInsight(get().db, { title: "B".repeat(64) });
    const page = (title: string) =>
      `<html><head><title>${title}</title><meta name="description" content="${title}"/></head><body></body></html>`;
    const result = await auditPublicPages({
      db: get().db,
      fetchPage: async (path) => {
        if (path === `/insights/${fine.slug}`)
          return { status: 200, body: page(`${fine.title} | Digital Frontier`) };
        if (path === `/insights/${long.slug}`) return { status: 200, body: page(long.title) };
        return { status: 404, body: "" };
      },
    });
    expect(result.find((item) => item.path === `/insights/${fine.slug}`)?.problems).toEqual([
      "Missing from the sitemap.",
    ]);
    expect(result.find((item) => item.path === `/insights/${long.slug}`)?.problems[0]).toBe(
      "The title written for this page is 64 characters (over 60): shorten it or set a shorter SEO title.",
    );
  });

  it("audits every public page", async () => {
    const longTitle = "T".repeat(61);
    const pages: Record<string, string> = {
      "/": `<html><head><title>Home</title><meta name="description" content="Same"/></head><body><img src="/a.png"><a href="/gone">x</a></body></html>`,
      "/faq": `<html><head><title>${longTitle}</title><meta name="description" content="Same"/></head><body><img src="/b.png" alt="b"></body></html>`,
      "/podcasts": `<html><head><title>Podcasts</title><meta name="description" content="Shows"/></head><body><audio controls><source src="http://cdn.example.com/old.mp3" type="audio/mpeg"/></audio><audio controls><source src="https://cdn.example.com/new.mp3"/></audio></body></html>`,
      "/sitemap.xml":
        "<urlset><url><loc>https://frontier.test/</loc></url><url><loc>https://frontier.test/podcasts</loc></url></urlset>",
    };
    const result = await auditPublicPages({
      db: get().db,
      fetchPage: async (path) =>
        pages[path] ? { status: 200, body: pages[path] } : { status: 404, body: "" },
    });
    const home = result.find((page) => page.path === "/");
    expect(home?.problems).toEqual([
      "Description is the same as another page's.",
      "1 image without alt text.",
      "Broken link to /gone (404).",
    ]);
    const faq = result.find((page) => page.path === "/faq");
    expect(faq?.problems).toEqual([
      "Title is 61 characters (over 60).",
      "Description is the same as another page's.",
      "Missing from the sitemap.",
    ]);
    expect(faq?.fixUrl).toBe("/admin/seo?path=%2Ffaq#overrides");
    expect(result.find((page) => page.path === "/podcasts")?.problems).toEqual([
      "1 audio or video file has an http:// address, which the site blocks: it never plays. Give the episode an https:// address or upload the file (Podcasts).",
    ]);
    expect(result.find((page) => page.path === "/pricing")?.problems[0]).toBe(
      "The page answers 404 instead of 200.",
    );
  });
});
