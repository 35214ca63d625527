import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicePath, services } from "#shared/content/services.ts";
import { gotoHydrated, launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";
import { seriousViolations } from "./public-helpers";

const PUBLIC_URL = "https://frontier.example";
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

let server: RunningServer;
let browser: Browser;
let insightPaths: string[] = [];
let caseStudyPaths: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { PUBLIC_URL }, timeoutMs: 110_000 }),
    launchBrowser(),
  ]);
  const sitemap = parser.parse(await (await fetch(`${server.url}/sitemap.xml`)).text());
  const locs = asList(sitemap.urlset.url).map((entry: { loc: string }) =>
    entry.loc.replace(PUBLIC_URL, ""),
  );
  insightPaths = locs.filter((loc) => loc.startsWith("/insights/"));
  caseStudyPaths = locs.filter((loc) => loc.startsWith("/case-studies/"));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function decode(value: string) {
  return value
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

async function fetchHead(pathname: string) {
  const response = await fetch(`${server.url}${pathname}`);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  return {
    status: response.status,
    headers: response.headers,
    html,
    title: decode(head.match(/<title>(.*?)<\/title>/s)?.[1] ?? ""),
    description: decode(head.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? ""),
    canonical: head.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    ogTitle: head.match(/<meta property="og:title" content="([^"]*)"/)?.[1],
    twitterCard: head.match(/<meta name="twitter:card" content="([^"]*)"/)?.[1],
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1]) as { "@type": string },
    ),
  };
}

/** The @type each page must carry in its JSON-LD. */
function expectedTypes(pathname: string): string[] {
  if (pathname === "/") return ["Organization"];
  if (pathname.startsWith("/services/")) return ["Service", "BreadcrumbList"];
  if (pathname === "/faq") return ["FAQPage"];
  if (pathname.startsWith("/insights/")) return ["Article", "BreadcrumbList"];
  if (pathname.startsWith("/case-studies/")) return ["CreativeWork", "BreadcrumbList"];
  if (pathname === "/podcasts") return ["PodcastEpisode", "BreadcrumbList"];
  if (["/case-studies", "/insights", "/contact"].includes(pathname)) return ["BreadcrumbList"];
  return [];
}

describe("every public page", () => {
  it("has a unique title and description, a canonical URL, social tags and JSON-LD of the right type", async () => {
    const paths = [
      "/",
      "/about-us",
      "/services",
      ...services.map(servicePath),
      "/case-studies",
      ...caseStudyPaths,
      "/insights",
      ...insightPaths,
      "/podcasts",
      "/faq",
      "/pricing",
      "/contact",
      "/personas",
    ];
    expect(caseStudyPaths.length).toBeGreaterThanOrEqual(6);
    expect(insightPaths.length).toBeGreaterThanOrEqual(8);
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const pathname of paths) {
      const page = await fetchHead(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.title, pathname).not.toBe("");
      expect(page.description.length, pathname).toBeGreaterThan(20);
      expect(titles.get(page.title), `${pathname} shares its title`).toBeUndefined();
      expect(
        descriptions.get(page.description),
        `${pathname} shares its description`,
      ).toBeUndefined();
      titles.set(page.title, pathname);
      descriptions.set(page.description, pathname);
      expect(page.canonical, pathname).toBe(`${PUBLIC_URL}${pathname}`);
      expect(page.ogTitle, pathname).toBeTruthy();
      expect(page.twitterCard, pathname).toBe("summary_large_image");
      const types = page.jsonLd.map((item) => item["@type"]);
      for (const type of expectedTypes(pathname)) expect(types, pathname).toContain(type);
    }
  });

  it("shows testimonials on Home and About Us in the order staff set", async () => {
    for (const pathname of ["/", "/about-us"]) {
      const { html } = await fetchHead(pathname);
      const order = ["Hannah Ross", "Samuel Achterberg", "Olivia Mensah", "Tomasz Nowak"].map(
        (name) => html.indexOf(name),
      );
      expect(
        order.every((position) => position > 0),
        pathname,
      ).toBe(true);
      expect(
        [...order].sort((a, b) => a - b),
        pathname,
      ).toEqual(order);
    }
  });

  it("answers 404 for an unknown case study or insight", async () => {
    expect((await fetch(`${server.url}/case-studies/no-such-study`)).status).toBe(404);
    expect((await fetch(`${server.url}/insights/no-such-article`)).status).toBe(404);
  });
});

describe("feeds and crawlers over HTTP", () => {
  it("serves both feeds and the sitemap as valid XML with absolute links", async () => {
    for (const [path, type] of [
      ["/insights.rss", "application/rss+xml"],
      ["/podcasts.rss", "application/rss+xml"],
      ["/sitemap.xml", "application/xml"],
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get("content-type")).toContain(type);
      const body = await response.text();
      expect(XMLValidator.validate(body), path).toBe(true);
      expect(body).toContain(PUBLIC_URL);
    }
    const podcast = parser.parse(await (await fetch(`${server.url}/podcasts.rss`)).text());
    const items = asList(podcast.rss.channel.item);
    expect(items.length).toBeGreaterThanOrEqual(4);
    for (const item of items) {
      const audio = await fetch(item.enclosure["@url"].replace(PUBLIC_URL, server.url));
      expect(audio.status).toBe(200);
      expect((await audio.arrayBuffer()).byteLength).toBe(Number(item.enclosure["@length"]));
    }
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe("the page cache", () => {
  it("answers repeat visits from the cache with the same page, and 304 to a known ETag", async () => {
    await fetch(`${server.url}/insights`);
    const first = await fetch(`${server.url}/insights`);
    const second = await fetch(`${server.url}/insights`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("content-security-policy")).toMatch(/'sha256-/);
    const etag = second.headers.get("etag") ?? "";
    const revalidated = await fetch(`${server.url}/insights`, {
      headers: { "If-None-Match": etag },
    });
    expect(revalidated.status).toBe(304);
  });
});

describe("reading the pages in a browser", () => {
  const pages = [
    ["/case-studies", "Work that shipped"],
    ["/case-studies/freight-visibility-platform", "The challenge"],
    ["/insights", "Notes from the frontier"],
    ["/insights/evaluation-sets-before-prompts", "Leave a comment"],
    ["/podcasts", "Frontier Field Notes"],
    ["/contact", "Send message"],
  ];

  for (const [pathname, text] of pages) {
    it(`renders ${pathname}, hydrates (also from the cache) and passes axe`, async () => {
      // Twice: the second answer comes from the page cache.
      for (let visit = 0; visit < 2; visit++) {
        const { page, errors, close } = await openPage(browser, {
          viewport: { width: 1280, height: 900 },
          reducedMotion: "reduce",
        });
        await gotoHydrated(page, `${server.url}${pathname}`);
        await page.getByText(text).first().waitFor();
        if (visit === 1) expect(await seriousViolations(page), pathname).toEqual([]);
        // Hydrated: a client-side navigation keeps the window (no full page load).
        await page.evaluate(() => {
          (window as unknown as { marker: boolean }).marker = true;
        });
        await page
          .getByRole("navigation", { name: "Explore" })
          .getByRole("link", { name: "FAQ" })
          .click();
        await page.waitForURL(`${server.url}/faq`);
        expect(
          await page.evaluate(() => (window as unknown as { marker?: boolean }).marker),
          `${pathname} hydrated`,
        ).toBe(true);
        expect(errors, pathname).toEqual([]);
        await close();
      }
    });
  }

  it("moves between pages in the app: the page prefetched on hover, the current entry marked, a modified click left to the browser (decision 736)", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    await gotoHydrated(page, `${server.url}/`);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    const menu = page.getByRole("navigation", { name: "Main" });
    const insights = menu.getByRole("link", { name: "Insights", exact: true });
    expect(await insights.getAttribute("aria-current")).toBeNull();
    // The prefetch listener starts with the page's effects, after hydration; the chat button,
    // which loads after them, shows they have run.
    await page.getByRole("button", { name: /Chat with us/ }).waitFor();

    // Hovering the entry fetches the page's data before the click.
    await insights.hover();
    await page
      .locator('link[rel="prefetch"][href^="/insights.data"]')
      .waitFor({ state: "attached" });
    await insights.click();
    await page.waitForURL(`${server.url}/insights`);
    await page.getByText("Notes from the frontier").first().waitFor();
    await menu.locator('[aria-current="page"]', { hasText: "Insights" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );

    // The current page's own link replaces the history entry rather than adding one: read
    // once the router has loaded the page again and gone back to idle.
    await page.evaluate(() => {
      const app = window as unknown as {
        navigationsDone: number;
        __reactRouterDataRouter: {
          subscribe(listener: (state: { navigation: { state: string } }) => void): void;
        };
      };
      app.navigationsDone = 0;
      let loading = false;
      app.__reactRouterDataRouter.subscribe(({ navigation }) => {
        if (navigation.state === "loading") loading = true;
        else if (loading && navigation.state === "idle") {
          loading = false;
          app.navigationsDone++;
        }
      });
    });
    const entries = await page.evaluate(() => history.length);
    await insights.click();
    await page.waitForFunction(
      () => (window as unknown as { navigationsDone: number }).navigationsDone === 1,
    );
    expect(await page.evaluate(() => history.length)).toBe(entries);

    // A Ctrl-click opens the page in a new tab and leaves this one where it is.
    const opened = page.context().waitForEvent("page");
    await page
      .getByRole("navigation", { name: "Explore" })
      .getByRole("link", { name: "FAQ" })
      .click({ modifiers: ["Control"] });
    const tab = await opened;
    await tab.waitForURL(`${server.url}/faq`);
    expect(page.url()).toBe(`${server.url}/insights`);
    await tab.close();
    expect(errors).toEqual([]);
    await close();
  });

  it("shows its dates without building a date formatter in the browser (decision 734)", async () => {
    // The first Intl.DateTimeFormat a page builds loads the browser's locale data: ~95 ms of
    // main-thread work on a phone's load, for dates the server has already written.
    for (const pathname of [
      "/",
      "/insights",
      "/insights/evaluation-sets-before-prompts",
      "/podcasts",
    ]) {
      const { page, errors, close } = await openPage(browser);
      await page.addInitScript(() => {
        const counted = window as unknown as { dateFormatsBuilt: number };
        counted.dateFormatsBuilt = 0;
        Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
          construct(target, args) {
            counted.dateFormatsBuilt++;
            return Reflect.construct(target, args);
          },
          apply(target, self, args) {
            counted.dateFormatsBuilt++;
            return Reflect.apply(target, self, args);
          },
        });
      });
      await gotoHydrated(page, `${server.url}${pathname}`);
      // The decorations load after hydration; the chat button is the last of them to show.
      await page.getByRole("button", { name: /Chat with us/ }).waitFor();
      if (pathname !== "/")
        expect(await page.locator("main").innerText(), pathname).toMatch(
          /\b\d{1,2} [A-Z][a-z]+ 20\d\d\b/,
        );
      expect(
        await page.evaluate(
          () => (window as unknown as { dateFormatsBuilt: number }).dateFormatsBuilt,
        ),
        `${pathname} built a date formatter`,
      ).toBe(0);
      expect(errors, pathname).toEqual([]);
      await close();
    }
  });

  it("filters case studies and pages insights through the URL", async () => {
    const { page, errors, close } = await openPage(browser);
    await gotoHydrated(page, `${server.url}/case-studies`);
    await page.getByLabel("Service", { exact: true }).selectOption("ai-ml");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/service=ai-ml/);
    const cards = page.locator("main article");
    // The address changes a moment before the filtered list renders.
    await expect.poll(() => cards.count(), { timeout: budget(10_000) }).toBe(2);
    await page.getByLabel("Industry", { exact: true }).selectOption("Healthcare");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/industry=Healthcare/);
    await expect.poll(() => cards.count(), { timeout: budget(10_000) }).toBe(1);

    await gotoHydrated(page, `${server.url}/insights`);
    await page
      .getByRole("navigation", { name: "Insight pages" })
      .getByRole("link", { name: "Next" })
      .click();
    await page.waitForURL(/page=2/);
    await page.getByRole("link", { name: "ux", exact: true }).click();
    await page.waitForURL(/tag=ux/);
    // The filtered list has rendered once its chip is the current one.
    await page
      .getByRole("navigation", { name: "Filter by tag" })
      .locator('[aria-current="page"]', { hasText: /^ux$/ })
      .waitFor();
    expect(await page.locator("main article").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it("labels every audio player and loads no third-party frame up front", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/podcasts`, { waitUntil: "networkidle" });
    expect(await page.locator("iframe").count()).toBe(0);
    const audio = page.locator("audio").first();
    expect(await audio.getAttribute("aria-label")).toMatch(/^Play episode: /);
    await close();
  });
});
