import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "#app/root.tsx";
import { loader as invoicesLoader } from "#app/routes/admin/invoices/index.tsx";
import { loader as adminLayoutLoader } from "#app/routes/admin/layout.tsx";
import { loader as aboutLoader } from "#app/routes/site/about-us.tsx";
import { loader as caseStudiesLoader } from "#app/routes/site/case-studies.tsx";
import { loader as caseStudyLoader } from "#app/routes/site/case-study.tsx";
import { loader as homeLoader } from "#app/routes/site/home.tsx";
import { loader as insightLoader } from "#app/routes/site/insight.tsx";
import { loader as insightsLoader } from "#app/routes/site/insights.tsx";
import { loader as layoutLoader } from "#app/routes/site/layout.tsx";
import { loader as podcastsLoader } from "#app/routes/site/podcasts.tsx";
import { requireUser } from "#server/auth/guard.ts";
import { getSessionUser } from "#server/auth/session.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import { invalidatePublicPages } from "#server/cache/page-cache.ts";
import { refreshRenderedContent } from "#server/content/rendered.ts";
import { seedPublicContent } from "#server/content/seed-public-content.ts";
import { saveInsight } from "#server/content-admin/insights.ts";
import type { AppContext } from "#server/context.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { seedSitePages } from "#server/pages/site-pages.ts";
import { seedNavigation } from "#server/settings/navigation.ts";
import { authContext, cookieOf, testAuthEnv } from "#tests/helpers/auth-context.ts";

// What one render of a public page asks the database (decision 705): the header settings
// and menus come from memory, Markdown was rendered when saved (an article with an
// uploaded image does not look its sizes up again). Counted, not timed.

type AnyLoader = (args: never) => Promise<unknown>;

describe("the queries one render of a public page makes", () => {
  let database: Database;
  let statements: string[] = [];
  const env = testAuthEnv();
  const slug = "counted-article";

  beforeAll(async () => {
    database = await openDatabase({ onQuery: (query) => statements.push(query) });
    await seedNavigation(database.db);
    await seedPublicContent(database.db);
    await seedSitePages(database.db);
    await refreshRenderedContent(database.db);
    await saveInsight({
      database,
      input: {
        title: "Counted",
        slug,
        excerpt: "An article with an uploaded image.",
        body: `## Figures\n\n![A chart](/uploads/images/${"a".repeat(32)}-960.webp)\n\nWords.`,
        author: "Ada",
        tags: "engineering",
        status: "published",
      },
      actor: { id: "admin-1", name: "Ada Admin" },
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** Runs the loaders a document request runs (root, site layout, the page); their statements. */
  async function render(path: string, page: AnyLoader, params: Record<string, string> = {}) {
    const request = new Request(`http://frontier.test${path}`, {
      headers: { Cookie: "frontier.session=signed-in-staff" },
    });
    const args = {
      request,
      url: new URL(request.url),
      params,
      context: authContext(database, env),
    } as never;
    statements = [];
    await Promise.all([
      (rootLoader as AnyLoader)(args),
      (layoutLoader as AnyLoader)(args),
      page(args),
    ]);
    return statements;
  }

  it("Home asks for its page and testimonials once, then nothing until content changes", async () => {
    await invalidatePublicPages(database, "test");
    const queries = await render("/", homeLoader as AnyLoader);
    expect(queries.filter((query) => query.includes('from "pages"'))).toHaveLength(1);
    expect(queries.filter((query) => query.includes('"testimonials"'))).toHaveLength(1);
    expect(queries).toHaveLength(4);
    expect(await render("/", homeLoader as AnyLoader)).toEqual([]);
  });

  it("About shows the testimonials Home read, and asks only for its page", async () => {
    await invalidatePublicPages(database, "test");
    await render("/", homeLoader as AnyLoader);
    const queries = await render("/about-us", aboutLoader as AnyLoader);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toContain('from "pages"');
    expect(await render("/about-us", aboutLoader as AnyLoader)).toEqual([]);
  });

  it("hands every render of a page the same objects, which its static parts are kept for", async () => {
    // Decision 737: a part's markup is kept per object; a new one per render would be a miss.
    const [{ slug: study }] = (
      await database.db.execute(
        sql`select slug from case_studies where status = 'published' limit 1`,
      )
    ).rows as Array<{ slug: string }>;
    const loaded = async (path: string, loader: AnyLoader, params: Record<string, string> = {}) => {
      const request = new Request(`http://frontier.test${path}`);
      return (await loader({
        request,
        url: new URL(request.url),
        params,
        context: authContext(database, env),
      } as never)) as Record<string, unknown>;
    };
    const parts: Array<[string, AnyLoader, string, Record<string, string>?]> = [
      ["/", homeLoader as AnyLoader, "page"],
      ["/about-us", aboutLoader as AnyLoader, "page"],
      ["/insights", insightsLoader as AnyLoader, "items"],
      ["/case-studies", caseStudiesLoader as AnyLoader, "items"],
      ["/", layoutLoader as AnyLoader, "navigation"],
    ];
    for (const [path, loader, field, params] of parts)
      expect((await loaded(path, loader, params))[field], `${path} ${field}`).toBe(
        (await loaded(path, loader, params))[field],
      );
    for (const [path, loader, params] of [
      [`/insights/${slug}`, insightLoader, { slug }],
      [`/case-studies/${study}`, caseStudyLoader, { slug: study }],
    ] as const)
      expect(await loaded(path, loader as AnyLoader, params), path).toBe(
        await loaded(path, loader as AnyLoader, params),
      );
  });

  it("an insight asks for the article, its related articles and its comments, nothing more", async () => {
    await invalidatePublicPages(database, "test");
    // The layout data read again by another page first.
    await render("/", homeLoader as AnyLoader);
    const queries = await render(`/insights/${slug}`, insightLoader as AnyLoader, { slug });
    expect(queries.some((query) => query.includes('"media"'))).toBe(false);
    expect(queries.some((query) => query.includes('"settings"'))).toBe(false);
    expect(queries.length).toBeLessThanOrEqual(3);
    expect(await render(`/insights/${slug}`, insightLoader as AnyLoader, { slug })).toEqual([]);
  });

  it("reads an article again after a comment is approved or the article is saved", async () => {
    await render(`/insights/${slug}`, insightLoader as AnyLoader, { slug });
    expect(await render(`/insights/${slug}`, insightLoader as AnyLoader, { slug })).toEqual([]);
    // What every content write calls (comment moderation, saving an insight).
    await invalidatePublicPages(database, "comments moderated");
    const again = await render(`/insights/${slug}`, insightLoader as AnyLoader, { slug });
    expect(again.some((query) => query.includes('"comments"'))).toBe(true);
  });

  it("asks nothing for a second render of the lists and a case study", async () => {
    const [{ slug: study }] = (
      await database.db.execute(
        sql`select slug from case_studies where status = 'published' limit 1`,
      )
    ).rows as Array<{ slug: string }>;
    const pages: Array<[string, AnyLoader, Record<string, string>?]> = [
      ["/insights", insightsLoader as AnyLoader],
      ["/insights?page=2", insightsLoader as AnyLoader],
      ["/case-studies", caseStudiesLoader as AnyLoader],
      [`/case-studies/${study}`, caseStudyLoader as AnyLoader, { slug: study }],
      ["/podcasts", podcastsLoader as AnyLoader],
    ];
    for (const [path, page, params] of pages) {
      expect(await render(path, page, params), path).not.toEqual([]);
      expect(await render(path, page, params), path).toEqual([]);
    }
  });

  it("shows an article as saved once it is saved again", async () => {
    // Kept in memory first.
    await render(`/insights/${slug}`, insightLoader as AnyLoader, { slug });
    const [{ id }] = (await database.db.execute(sql`select id from insights where slug = ${slug}`))
      .rows as Array<{ id: string }>;
    await saveInsight({
      database,
      id,
      input: {
        title: "Counted again",
        slug,
        excerpt: "An article with an uploaded image.",
        body: "Words, changed.",
        author: "Ada",
        tags: "engineering",
        status: "published",
      },
      actor: { id: "admin-1", name: "Ada Admin" },
    });
    const request = new Request(`http://frontier.test/insights/${slug}`);
    const args = {
      request,
      url: new URL(request.url),
      params: { slug },
      context: authContext(database, env),
    } as never;
    const loaded = (await (insightLoader as AnyLoader)(args)) as { insight: { title: string } };
    expect(loaded.insight.title).toBe("Counted again");
  });

  it("reads the layout data again after a content change, once", async () => {
    await invalidatePublicPages(database, "test");
    const first = await render("/", homeLoader as AnyLoader);
    expect(first.filter((query) => query.includes('"settings"'))).toHaveLength(2);
    expect(await render("/", homeLoader as AnyLoader)).toEqual([]);
  });

  describe("an admin page", () => {
    const sessionQueries = (queries: string[]) =>
      queries.filter((query) => query.includes('"auth_sessions"') || query.includes('"settings"'));

    async function staffCookie() {
      const email = `counted-${Date.now()}@staff.test`;
      const password = "counted password 123";
      await createStaffUser({ db: database.db }, { email, password, role: "admin" });
      const context = authContext(database, env);
      const { headers } = await signIn(context, {
        email,
        password,
        request: new Request("http://frontier.test/login"),
      });
      return cookieOf(headers);
    }

    /**
     * A copy of the request: the check must not rest on every loader getting the same object
     * (React Router handed each its own copy before decision 740).
     */
    const copyOf = (request: Request) =>
      new Request(request.url, { method: request.method, headers: request.headers });

    it("reads a session in Better Auth's two queries, its idle time and the account's state with them", async () => {
      const cookie = await staffCookie();
      statements = [];
      const found = await getSessionUser({
        request: new Request("http://frontier.test/admin", { headers: { Cookie: cookie } }),
        context: authContext(database, env),
      });
      expect(found.user).not.toBeNull();
      expect(statements).toHaveLength(2);
      expect(statements[0]).toContain('from "auth_sessions"');
      expect(statements[1]).toContain('from "auth_users"');
    });

    it("checks the session once for its layout's and its page's loaders", async () => {
      const cookie = await staffCookie();
      const request = new Request("http://frontier.test/admin/invoices", {
        headers: { Cookie: cookie },
      });
      const context = authContext(database, env);
      statements = [];
      const args = (context: AppContext) =>
        ({ request: copyOf(request), url: new URL(request.url), params: {}, context }) as never;
      await (adminLayoutLoader as AnyLoader)(args(context));
      const oneCheck = sessionQueries(statements).length;
      expect(oneCheck).toBeGreaterThan(0);
      await (invoicesLoader as AnyLoader)(args(context));
      expect(sessionQueries(statements)).toHaveLength(oneCheck);
      // The next request (its own context) checks again.
      statements = [];
      await (invoicesLoader as AnyLoader)(args(authContext(database, env)));
      expect(sessionQueries(statements)).toHaveLength(oneCheck);
    });

    it("checks again in the loaders that follow an action, which may have changed the session", async () => {
      const cookie = await staffCookie();
      const context = authContext(database, env);
      const post = new Request("http://frontier.test/admin/account", {
        method: "POST",
        headers: { Cookie: cookie },
      });
      statements = [];
      await requireUser({ request: post, context });
      const oneCheck = sessionQueries(statements).length;
      await requireUser({ request: copyOf(post), context });
      expect(sessionQueries(statements)).toHaveLength(2 * oneCheck);
      const get = new Request("http://frontier.test/admin/account", {
        headers: { Cookie: cookie },
      });
      await requireUser({ request: get, context });
      expect(sessionQueries(statements)).toHaveLength(3 * oneCheck);
    });
  });
});
