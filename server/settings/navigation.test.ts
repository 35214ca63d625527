import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES_CHANNEL } from "#server/cache/page-cache.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { settings } from "#server/db/schema/settings.ts";
import { AppError } from "#server/errors.ts";
import { createPage, publishPage, unpublishPage } from "#server/pages/pages.ts";
import { hrefProblem } from "#shared/navigation-form.ts";
import { defaultNavigation, type SiteNavigation } from "#shared/site-navigation.ts";
import { makeCaseStudy, makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  discardNavigationDraft,
  getNavigationEditorState,
  getPublishedNavigation,
  NAVIGATION_ID,
  publishNavigation,
  readNavigationInput,
  saveNavigationDraft,
  seedNavigation,
} from "./navigation";
import { listLinkablePages } from "./navigation-links";
import { SETTINGS_CHANNEL } from "./update-header";

const withHeader = (...extra: SiteNavigation["header"]): SiteNavigation => ({
  ...defaultNavigation,
  header: [...defaultNavigation.header, ...extra],
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("hrefProblem (the editor's and the server's check of an address's form)", () => {
  it("accepts site paths and well-formed https addresses", () => {
    for (const href of [
      "/",
      "/pricing",
      "/insights?tag=ai",
      "/faq#billing",
      "https://example.com/a?b=c",
    ])
      expect(hrefProblem(href), href).toBeNull();
  });

  it("refuses http, other schemes, protocol-relative and malformed addresses with a message", () => {
    expect(hrefProblem("http://example.com")).toMatch(/https:\/\//);
    expect(hrefProblem("javascript:alert(1)")).toMatch(/an address starting with https/);
    expect(hrefProblem("//evil.example")).toMatch(/path/);
    expect(hrefProblem("https://exa mple.com")).toMatch(/spaces/);
    expect(hrefProblem("https://localhost/x")).toMatch(/domain name/);
    expect(hrefProblem("https://user:pw@example.com")).toMatch(/user name/);
    expect(hrefProblem("")).toMatch(/Pick a page/);
  });
});

describeEachDatabase("navigation settings", (get) => {
  const actor = { actorId: "admin-1", address: "192.0.2.1" };

  it("shows the built-in menus until something is published, and after a malformed document", async () => {
    expect(await getPublishedNavigation(get().db)).toEqual(defaultNavigation);
    await get()
      .db.insert(settings)
      .values({ id: NAVIGATION_ID, value: { header: "nope" } });
    expect(await getPublishedNavigation(get().db)).toEqual(defaultNavigation);
    await get().db.delete(settings).where(eq(settings.id, NAVIGATION_ID));
  });

  it("keeps a draft apart from the published menus until Publish, then tells every page", async () => {
    const heard: string[] = [];
    const invalidated: string[] = [];
    const stops = [
      await get().listen(SETTINGS_CHANNEL, (payload) => heard.push(payload)),
      await get().listen(PUBLIC_PAGES_CHANNEL, (payload) => invalidated.push(payload)),
    ];
    const edited = withHeader({ label: "Podcasts", href: "/podcasts" });
    await saveNavigationDraft({ database: get(), ...actor, input: edited });
    expect(await getPublishedNavigation(get().db)).toEqual(defaultNavigation);
    const state = await getNavigationEditorState(get().db);
    expect(state).toMatchObject({ hasDraft: true, draft: edited, published: defaultNavigation });

    await publishNavigation({ database: get(), ...actor, input: edited });
    expect(await getPublishedNavigation(get().db)).toEqual(edited);
    expect(await getNavigationEditorState(get().db)).toMatchObject({
      hasDraft: false,
      draft: edited,
    });
    await expect.poll(() => heard).toEqual(["navigation"]);
    await expect.poll(() => invalidated).toEqual(["navigation"]);

    const audit = await get()
      .db.select({ action: auditEvents.action, address: auditEvents.address })
      .from(auditEvents)
      .where(eq(auditEvents.area, "navigation"));
    expect(audit.map((row) => row.action).sort()).toEqual(["publish", "save draft"]);
    expect(audit[0].address).toBe("192.0.2.1");
    for (const stop of stops) await stop();
  });

  it("discards a draft, going back to the published menus", async () => {
    const before = await getPublishedNavigation(get().db);
    await saveNavigationDraft({
      database: get(),
      ...actor,
      input: withHeader({ label: "FAQ again", href: "/faq?x" }),
    });
    await discardNavigationDraft({ database: get(), ...actor });
    expect(await getNavigationEditorState(get().db)).toMatchObject({
      hasDraft: false,
      draft: before,
    });
  });

  it("offers live landing pages in the page picker and accepts links to them", async () => {
    const database = get();
    const author = { id: "admin-1", name: "Ada Admin" };
    const page = await createPage({
      database,
      actor: author,
      input: {
        path: "/spring-audit",
        title: "Spring audit",
        blocks: [{ type: "hero", title: "A spring audit of your platform" }],
      },
    });
    const pathsOf = async () => (await listLinkablePages(database.db)).map((item) => item.path);
    // A draft is not offered, and a link to it is refused.
    expect(await pathsOf()).not.toContain("/spring-audit");
    const input = withHeader({ label: "Spring audit", href: "/spring-audit?utm_source=menu" });
    expect((await refusal(publishNavigation({ database, ...actor, input }))).message).toContain(
      "/spring-audit",
    );

    await publishPage({ database, actor: author, id: page.id });
    const offered = (await listLinkablePages(database.db)).find(
      (item) => item.path === "/spring-audit",
    );
    expect(offered).toEqual({ path: "/spring-audit", label: "Spring audit", group: "Pages" });
    await publishNavigation({ database, ...actor, input });
    expect((await getPublishedNavigation(database.db)).header.at(-1)?.href).toBe(
      "/spring-audit?utm_source=menu",
    );
    // A stored copy of a site page is offered once.
    const paths = await pathsOf();
    expect(new Set(paths).size).toBe(paths.length);

    await unpublishPage({ database, actor: author, id: page.id });
    expect(await pathsOf()).not.toContain("/spring-audit");
  });

  it("refuses a link to a page that does not exist, naming it, and changes nothing", async () => {
    const before = await getPublishedNavigation(get().db);
    const draftInsight = await makeInsight(get().db, { status: "draft", publishedAt: null });
    for (const href of [
      "/no-such-page",
      `/insights/${draftInsight.slug}`,
      "/case-studies/missing",
    ]) {
      const error = await refusal(
        publishNavigation({
          database: get(),
          ...actor,
          input: withHeader({ label: "Broken", href }),
        }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toContain(href);
      expect(Object.keys(error.fieldErrors ?? {})).toEqual([
        `header.${defaultNavigation.header.length}.href`,
      ]);
    }
    expect(await getPublishedNavigation(get().db)).toEqual(before);
  });

  it("accepts live insights, case studies and https addresses; refuses http and repeats", async () => {
    const insight = await makeInsight(get().db);
    const study = await makeCaseStudy(get().db);
    const pages = await listLinkablePages(get().db);
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining([
        "/podcasts",
        `/insights/${insight.slug}`,
        `/case-studies/${study.slug}`,
      ]),
    );
    const input = withHeader(
      { label: "Story", href: `/insights/${insight.slug}` },
      { label: "Case", href: `/case-studies/${study.slug}/` },
      { label: "Blog", href: "https://blog.example.com/" },
    );
    await publishNavigation({ database: get(), ...actor, input });
    expect((await getPublishedNavigation(get().db)).header.at(-1)?.href).toBe(
      "https://blog.example.com/",
    );

    const insecure = await refusal(
      saveNavigationDraft({
        database: get(),
        ...actor,
        input: withHeader({ label: "Old", href: "http://example.com" }),
      }),
    );
    expect(
      Object.values(insecure.fieldErrors ?? {})
        .flat()
        .join(),
    ).toMatch(/https:\/\//);
    const repeated = await refusal(
      saveNavigationDraft({
        database: get(),
        ...actor,
        input: withHeader({ label: "Again", href: "/faq" }),
      }),
    );
    expect(
      Object.values(repeated.fieldErrors ?? {})
        .flat()
        .join(),
    ).toMatch(/already in this menu/);
  });

  it("refuses a body that is not the document with a message, not a 500", async () => {
    expect(() => readNavigationInput("{not json")).toThrow(/could not be read/);
    expect(() => readNavigationInput(null)).toThrow(AppError);
    const error = await refusal(
      publishNavigation({ database: get(), ...actor, input: { header: [], footer: [] } }),
    );
    expect(error.fieldErrors).toMatchObject({
      header: ["Keep at least one link in the header menu."],
      footer: ["Keep at least one link group in the footer."],
    });
  });

  it("seeds the demo menus with the podcast page, leaving an existing document alone", async () => {
    const before = await getPublishedNavigation(get().db);
    await seedNavigation(get().db);
    expect(await getPublishedNavigation(get().db)).toEqual(before);
    await get().db.delete(settings).where(eq(settings.id, NAVIGATION_ID));
    await seedNavigation(get().db);
    const seeded = await getPublishedNavigation(get().db);
    expect(seeded.header.map((link) => link.href)).toContain("/podcasts");
    expect(seeded.footer.flatMap((group) => group.links.map((link) => link.href))).toContain(
      "/podcasts",
    );
  });
});
