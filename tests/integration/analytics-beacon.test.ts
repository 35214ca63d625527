import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rollupAnalytics } from "#server/analytics/rollup.ts";
import type { Database } from "#server/db/client.ts";
import { analyticsEvents, analyticsSalts } from "#server/db/schema/analytics.ts";
import {
  browserAgents,
  dailyFiguresOf,
  sendBeacon,
  startAnalyticsServer,
} from "#tests/helpers/analytics.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

const DAY_1 = "2026-03-10";
const DAY_2 = "2026-03-11";

async function rawCount(database: Database, day: string) {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.day, day));
  return row.count;
}

describeEachDatabase("page analytics over HTTP", (get) => {
  let server: Awaited<ReturnType<typeof startAnalyticsServer>>;
  beforeAll(async () => {
    server = await startAnalyticsServer(get());
  });
  afterAll(() => server?.close());

  const visit = async (
    address: string,
    body: Record<string, string>,
    options: { agent?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await sendBeacon(server.url, body, { address, ...options });
    expect(response.status, JSON.stringify(body)).toBe(204);
  };

  it("counts a scripted day of visits: views, unique visitors, sources, devices, countries", async () => {
    const ada = "198.51.100.1";
    const bob = "198.51.100.2";
    // Ada arrives from a newsletter link on a desktop, reads two pages, comes back to Home.
    await visit(ada, {
      path: "/",
      referrer: "https://news.example.com/issue-3",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
    });
    await visit(ada, { path: "/insights", referrer: `${server.url}/` });
    await visit(ada, { path: "/contact/" });
    await visit(ada, { path: "/" });
    // Bob on his phone, behind a proxy that says where he is.
    await visit(
      bob,
      { path: "/" },
      { agent: browserAgents.phone, headers: { "CF-IPCountry": "DE" } },
    );
    await visit(
      bob,
      { path: "/services" },
      { agent: browserAgents.phone, headers: { "CF-IPCountry": "DE" } },
    );
    // The same address with another browser is another visitor.
    await visit(ada, { path: "/pricing" }, { agent: browserAgents.tablet });
    // An episode played on /podcasts.
    await visit(bob, { path: "/podcasts", episode: "shipping-ai" }, { agent: browserAgents.phone });

    // Answered the same, and not counted: a bot, Do-Not-Track, GPC, staff, a prefetch.
    await visit("198.51.100.3", { path: "/" }, { agent: browserAgents.bot });
    await visit("198.51.100.4", { path: "/" }, { headers: { DNT: "1" } });
    await visit("198.51.100.5", { path: "/" }, { headers: { "Sec-GPC": "1" } });
    await visit("198.51.100.6", { path: "/" }, { headers: { Cookie: "frontier.session=abc.def" } });
    await visit("198.51.100.7", { path: "/" }, { headers: { "Sec-Purpose": "prefetch" } });

    await server.endpoints.recorder.flush();
    expect(await rawCount(get(), DAY_1)).toBe(8);
    await rollupAnalytics({ db: get().db, now: server.clock.now });
    const figures = await dailyFiguresOf(get(), DAY_1);
    expect(figures).toMatchObject({
      "total:": [7, 3],
      "page:/": [3, 2],
      "page:/insights": [1, 1],
      "page:/contact": [1, 1],
      "page:/services": [1, 1],
      "page:/pricing": [1, 1],
      "referrer:news.example.com": [1, 1],
      "referrer:": [6, 3],
      "utm_source:newsletter": [1, 1],
      "utm_medium:email": [1, 1],
      "utm_campaign:spring": [1, 1],
      "device:desktop": [4, 1],
      "device:mobile": [2, 1],
      "device:tablet": [1, 1],
      "country:DE": [2, 1],
      "country:": [5, 2],
      "episode:shipping-ai": [1, 1],
    });
    expect(Object.keys(figures).filter((key) => key.startsWith("page:"))).toHaveLength(5);
  });

  it("rolls up idempotently; a new day's salt makes the same visitor new; old salts and raw events go", async () => {
    const database = get();
    const before = await dailyFiguresOf(database, DAY_1);
    await rollupAnalytics({ db: database.db, now: server.clock.now });
    expect(await dailyFiguresOf(database, DAY_1)).toEqual(before);

    const [dayOneHash] = await database.db
      .select({ hash: analyticsEvents.visitorHash })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.day, DAY_1), eq(analyticsEvents.path, "/insights")));

    server.clock.now = new Date(`${DAY_2}T09:00:00Z`);
    await visit("198.51.100.1", { path: "/" });
    await visit("198.51.100.1", { path: "/faq" });
    await server.endpoints.recorder.flush();
    await rollupAnalytics({ db: database.db, now: server.clock.now });
    expect(await dailyFiguresOf(database, DAY_2)).toMatchObject({
      "total:": [2, 1],
      "page:/": [1, 1],
    });
    const [dayTwoHash] = await database.db
      .select({ hash: analyticsEvents.visitorHash })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.day, DAY_2), eq(analyticsEvents.path, "/faq")));
    expect(dayTwoHash.hash).not.toBe(dayOneHash.hash);
    // Yesterday's salt is gone: its hashes cannot be made again.
    const salts = await database.db.select({ day: analyticsSalts.day }).from(analyticsSalts);
    expect(salts.map((row) => row.day)).toEqual([DAY_2]);
    expect(await dailyFiguresOf(database, DAY_1)).toEqual(before);

    // Two days on, the raw events of both days are gone and their figures stay.
    server.clock.now = new Date("2026-03-13T08:00:00Z");
    const { pruned } = await rollupAnalytics({ db: database.db, now: server.clock.now });
    expect(pruned).toBe(10);
    expect(await rawCount(database, DAY_1)).toBe(0);
    expect(await rawCount(database, DAY_2)).toBe(0);
    expect(await dailyFiguresOf(database, DAY_1)).toEqual(before);
    expect((await dailyFiguresOf(database, DAY_2))["total:"]).toEqual([2, 1]);
    expect(await database.db.select().from(analyticsSalts)).toEqual([]);
  });
});

describeEachDatabase("hostile beacons", (get) => {
  let server: Awaited<ReturnType<typeof startAnalyticsServer>>;
  beforeAll(async () => {
    server = await startAnalyticsServer(get());
  });
  afterAll(() => server?.close());

  it("answers huge bodies, garbage, wrong types and absurd paths with a 4xx, and stores nothing", async () => {
    const address = "203.0.113.50";
    const cases: Array<[string, RequestInit, number]> = [
      ["1 MB", { body: "x".repeat(1024 * 1024) }, 413],
      ["just over 4 KB", { body: JSON.stringify({ path: "/", referrer: "x".repeat(4200) }) }, 413],
      ["garbage", { body: "{not json" }, 400],
      ["a list", { body: "[1,2,3]" }, 400],
      ["null", { body: "null" }, 400],
      ["no path", { body: "{}" }, 400],
      ["the command center", { body: JSON.stringify({ path: "/admin/analytics" }) }, 400],
      ["climbing", { body: JSON.stringify({ path: "/../../etc/passwd" }) }, 400],
      ["NUL", { body: JSON.stringify({ path: "/insights/\u0000" }) }, 400],
      ["a long slug", { body: JSON.stringify({ path: `/insights/${"a".repeat(250)}` }) }, 400],
      ["a number", { body: JSON.stringify({ path: 42 }) }, 400],
      ["an episode elsewhere", { body: JSON.stringify({ path: "/", episode: "x" }) }, 400],
      ["an odd episode", { body: JSON.stringify({ path: "/podcasts", episode: "<b>" }) }, 400],
      [
        "a form",
        { body: "path=/", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
        415,
      ],
      ["no type", { body: JSON.stringify({ path: "/" }), headers: { "Content-Type": "" } }, 415],
    ];
    for (const [name, init, status] of cases) {
      const response = await fetch(`${server.url}/api/event`, {
        method: "POST",
        ...init,
        headers: {
          "Content-Type": "text/plain",
          "User-Agent": browserAgents.desktop,
          "X-Forwarded-For": address,
          ...(init.headers as Record<string, string>),
        },
      });
      expect(response.status, name).toBe(status);
      expect((await response.json()).ok, name).toBe(false);
    }
    const get405 = await fetch(`${server.url}/api/event`);
    expect(get405.status).toBe(405);
    const crossSite = await fetch(`${server.url}/api/event`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain" },
      body: JSON.stringify({ path: "/" }),
    });
    expect(crossSite.status).toBe(403);
    await server.endpoints.recorder.flush();
    expect(await get().db.select().from(analyticsEvents)).toEqual([]);
  });

  it("rate-limits 10,000 events from one address with 429, never a 5xx", async () => {
    const address = "203.0.113.99";
    const statuses = new Map<number, number>();
    const body = JSON.stringify({ path: "/insights" });
    for (let batch = 0; batch < 200; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => sendBeacon(server.url, body, { address })),
      );
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 429)
          expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
        await answer.arrayBuffer();
      }
    }
    expect([...statuses.keys()].sort()).toEqual([204, 429]);
    expect(statuses.get(429)).toBeGreaterThan(9000);
    // Another address is not held back by the first.
    expect((await sendBeacon(server.url, body, { address: "203.0.113.100" })).status).toBe(204);
    await server.endpoints.recorder.flush();
    const [stored] = await get()
      .db.select({ count: sql<number>`count(*)::int` })
      .from(analyticsEvents);
    expect(stored.count).toBe((statuses.get(204) ?? 0) + 1);
  }, 120_000);
});

describeEachDatabase("page analytics under a flood from many addresses", (get) => {
  let server: Awaited<ReturnType<typeof startAnalyticsServer>>;
  const overall = { capacity: 300, refillPerSecond: 1 };
  beforeAll(async () => {
    server = await startAnalyticsServer(get(), { overallLimit: overall });
  });
  afterAll(() => server?.close());

  async function flood(addresses: string[], perAddress: number) {
    const statuses = new Map<number, number>();
    const body = JSON.stringify({ path: "/insights" });
    for (let round = 0; round < perAddress; round++) {
      const answers = await Promise.all(
        addresses.map((address) => sendBeacon(server.url, body, { address })),
      );
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        await answer.arrayBuffer();
      }
    }
    return statuses;
  }

  it("counts an IPv6 visitor by its /64: a new address per beacon is the same visitor", async () => {
    const addresses = Array.from(
      { length: 50 },
      (_, n) => `2001:db8:77:1::${(n + 1).toString(16)}`,
    );
    const statuses = await flood(addresses, 4);
    // The per-address allowance (a burst of 120) once, not 50 times.
    expect(statuses.get(204)).toBeLessThanOrEqual(125);
    expect(statuses.get(429)).toBeGreaterThan(70);
  });

  it("caps the events all addresses together may write: 50 addresses cannot flood the table", async () => {
    await server.endpoints.recorder.flush();
    const [before] = await get()
      .db.select({ count: sql<number>`count(*)::int` })
      .from(analyticsEvents);
    const addresses = Array.from({ length: 50 }, (_, n) => `198.18.${n}.1`);
    const statuses = await flood(addresses, 20);
    expect([...statuses.keys()].sort()).toEqual([204, 429]);
    await server.endpoints.recorder.flush();
    const [after] = await get()
      .db.select({ count: sql<number>`count(*)::int` })
      .from(analyticsEvents);
    // What the overall bucket held after the first test, plus what it refilled meanwhile.
    expect(after.count - before.count).toBe(statuses.get(204));
    expect(after.count - before.count).toBeLessThan(overall.capacity);
  });
});
