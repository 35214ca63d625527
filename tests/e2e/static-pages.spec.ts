import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directives } from "#shared/content/directives.ts";
import { faqItems } from "#shared/content/faq.ts";
import { personas } from "#shared/content/personas.ts";
import { pricingModels } from "#shared/content/pricing.ts";
import { processSteps } from "#shared/content/process.ts";
import { serviceGuides } from "#shared/content/service-guides.ts";
import { servicePath, services } from "#shared/content/services.ts";
import { technologies } from "#shared/content/technologies.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";

const axePath = path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js");

const staticPaths = [
  "/",
  "/about-us",
  "/services",
  ...services.map(servicePath),
  "/faq",
  "/pricing",
  "/personas",
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Fetched = {
  status: number;
  html: string;
  text: string;
  jsonLd: Array<Record<string, unknown>>;
};

/** The page as a visitor without JavaScript gets it: status, raw HTML and its visible text. */
async function fetchPage(pathname: string): Promise<Fetched> {
  const response = await fetch(`${server.url}${pathname}`);
  const html = await response.text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  );
  const body = html.slice(html.indexOf("<body"));
  const text = decodeEntities(
    body
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
  return { status: response.status, html, text, jsonLd };
}

function decodeEntities(value: string) {
  return value
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

function titleOf(html: string) {
  return decodeEntities(html.match(/<title>(.*?)<\/title>/s)?.[1] ?? "");
}

function descriptionOf(html: string) {
  return decodeEntities(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "");
}

describe("static pages in the server's HTML (no JavaScript)", () => {
  it("Home carries the tagline, directives, services, process and technologies", async () => {
    const page = await fetchPage("/");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Engineering The Digital Frontier");
    for (const directive of directives) {
      expect(page.text).toContain(directive.name);
      expect(page.text).toContain(directive.body);
    }
    for (const service of services) {
      expect(page.text).toContain(service.name);
      expect(page.html).toContain(`href="${servicePath(service)}"`);
    }
    for (const step of processSteps) {
      expect(page.text).toContain(step.title);
      expect(page.text).toContain(step.description);
    }
    expect(technologies).toHaveLength(13);
    for (const technology of technologies) expect(page.text).toContain(technology.name);
    expect(page.html).toContain('href="/contact"');
    expect(page.html).toContain('href="/case-studies"');
    expect(page.jsonLd.find((item) => item["@type"] === "Organization")).toMatchObject({
      name: "Digital Frontier",
      slogan: "Engineering The Digital Frontier",
    });
  });

  it("About Us explains who we are and links to the personas page", async () => {
    const page = await fetchPage("/about-us");
    expect(page.status).toBe(200);
    for (const heading of ["Who we are", "What we hold ourselves to", "Who we build for"])
      expect(page.text).toContain(heading);
    expect(page.html).toContain('href="/personas"');
    expect(page.html).toContain('href="/contact"');
  });

  it("Services lists the five services, each linking to its guide", async () => {
    const page = await fetchPage("/services");
    expect(page.status).toBe(200);
    for (const service of services) {
      expect(page.text).toContain(service.name);
      expect(page.text).toContain(service.summary);
      expect(page.html).toContain(`href="${servicePath(service)}"`);
    }
  });

  for (const service of services) {
    it(`the ${service.slug} guide has what, why, how, deliverables, a breadcrumb and a call to contact`, async () => {
      const page = await fetchPage(servicePath(service));
      expect(page.status).toBe(200);
      expect(page.text).toContain(service.name);
      for (const heading of ["What it is", "Why it matters", "How we work", "What you receive"])
        expect(page.text).toContain(heading);
      const guide = serviceGuides[service.id];
      for (const paragraph of [...guide.what, ...guide.why, ...guide.how])
        expect(page.text).toContain(paragraph);
      for (const deliverable of guide.deliverables) expect(page.text).toContain(deliverable);
      expect(page.html).toMatch(/<nav aria-label="Breadcrumb"/);
      expect(page.html).toContain('aria-current="page"');
      expect(page.html).toContain('href="/contact"');
      expect(page.jsonLd.find((item) => item["@type"] === "Service")).toMatchObject({
        name: service.name,
      });
      const breadcrumb = page.jsonLd.find((item) => item["@type"] === "BreadcrumbList") as
        | { itemListElement: Array<{ name: string }> }
        | undefined;
      expect(breadcrumb?.itemListElement.map((item) => item.name)).toEqual([
        "Home",
        "Services",
        service.name,
      ]);
    });
  }

  it("an unknown guide slug answers 404 with the Not Found page", async () => {
    const page = await fetchPage("/services/quantum-blockchain-consulting");
    expect(page.status).toBe(404);
    expect(page.text).toContain("Page not found");
    // The id is not a slug: only the five guide slugs resolve.
    expect((await fetchPage("/services/ai-ml")).status).toBe(404);
  });

  it("FAQ has the seven questions with their answers, naming the three pricing models", async () => {
    const page = await fetchPage("/faq");
    expect(page.status).toBe(200);
    expect(faqItems).toHaveLength(7);
    for (const item of faqItems) {
      expect(page.text).toContain(item.question);
      expect(page.text).toContain(item.answer);
    }
    for (const model of ["Fixed-price", "Time and materials", "Dedicated team retainers"])
      expect(page.text).toContain(model);
    const faqPage = page.jsonLd.find((item) => item["@type"] === "FAQPage") as
      | { mainEntity: unknown[] }
      | undefined;
    expect(faqPage?.mainEntity).toHaveLength(7);
  });

  it("Pricing has the three engagement models, what each suits and how billing works", async () => {
    const page = await fetchPage("/pricing");
    expect(page.status).toBe(200);
    for (const name of ["Fixed Price", "Time and Materials", "Dedicated Team Retainer"])
      expect(page.text).toContain(name);
    for (const model of pricingModels) {
      for (const suit of model.suits) expect(page.text).toContain(suit);
      expect(page.text).toContain(model.billing);
    }
    expect(page.html).toContain('href="/contact"');
  });

  it("Personas shows each persona's goals, frustrations and user stories", async () => {
    const page = await fetchPage("/personas");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Who We Serve");
    for (const persona of personas) {
      expect(page.text).toContain(`${persona.name}, ${persona.role}`);
      for (const line of [...persona.goals, ...persona.frustrations, ...persona.stories])
        expect(page.text).toContain(line);
    }
  });

  it("every page has its own title, description and canonical link", async () => {
    const pages = await Promise.all(staticPaths.map(fetchPage));
    const titles = pages.map((page) => titleOf(page.html));
    const descriptions = pages.map((page) => descriptionOf(page.html));
    for (const [index, page] of pages.entries()) {
      expect(page.status).toBe(200);
      expect(titles[index]).toContain("Digital Frontier");
      expect(descriptions[index].length).toBeGreaterThan(60);
      expect(page.html).toMatch(/<link rel="canonical" href="[^"]*"/);
      expect(page.html).toContain("/social-card.png");
    }
    expect(new Set(titles).size).toBe(staticPaths.length);
    expect(new Set(descriptions).size).toBe(staticPaths.length);
  });

  it("serves the social card image", async () => {
    const response = await fetch(`${server.url}/social-card.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/png");
  });
});

describe("static pages in Chromium", () => {
  it("the FAQ accordion opens and closes from the keyboard", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${server.url}/faq`);
    const item = page.locator("details").first();
    const summary = item.locator("summary");
    const answer = item.getByText(faqItems[0].answer);
    await expect(answer.isVisible()).resolves.toBe(false);

    await summary.focus();
    await page.keyboard.press("Enter");
    await answer.waitFor({ state: "visible" });
    await expect(item.evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(
      true,
    );

    await page.keyboard.press("Space");
    await answer.waitFor({ state: "hidden" });
    await expect(item.evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(
      false,
    );

    // Keyboard users reach the next question with Tab and open it the same way.
    await page.keyboard.press("Tab");
    await expect(
      page.evaluate(() => document.activeElement?.textContent?.trim()),
    ).resolves.toContain(faqItems[1].question);
    await page.keyboard.press("Enter");
    await page.getByText(faqItems[1].answer).waitFor({ state: "visible" });
    expect(errors).toEqual([]);
    await close();
  });

  for (const pathname of staticPaths) {
    it(`axe finds no serious or critical violation on ${pathname}`, async () => {
      const { page, errors, close } = await openPage(browser, {
        viewport: { width: 1280, height: 900 },
        reducedMotion: "reduce",
      });
      await page.goto(`${server.url}${pathname}`, { waitUntil: "networkidle" });
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
        const axe = (window as any).axe;
        const results = await axe.run(document);
        if (results.passes.length === 0) throw new Error("axe checked nothing");
        return (
          results.violations as Array<{
            id: string;
            impact: string;
            nodes: Array<{ target: string[] }>;
          }>
        )
          .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
          .map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
          }));
      });
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
