import { expect, it } from "vitest";
import { describeEachDatabase } from "../../tests/helpers/db";
import { AppError } from "../errors";
import { auditPublicPages } from "./audit";
import {
  applySeoOverride,
  findSeoOverrides,
  getRobotsAdditions,
  saveRobotsAdditions,
  saveSeoOverride,
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

  it("audits every public page", async () => {
    const longTitle = "T".repeat(61);
    const pages: Record<string, string> = {
      "/": `<html><head><title>Home</title><meta name="description" content="Same"/></head><body><img src="/a.png"><a href="/gone">x</a></body></html>`,
      "/faq": `<html><head><title>${longTitle}</title><meta name="description" content="Same"/></head><body><img src="/b.png" alt="b"></body></html>`,
      "/sitemap.xml": "<urlset><url><loc>https://frontier.test/</loc></url></urlset>",
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
    expect(result.find((page) => page.path === "/pricing")?.problems[0]).toBe(
      "The page answers 404 instead of 200.",
    );
  });
});
