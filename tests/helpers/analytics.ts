import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { createAnalyticsEndpoints } from "#server/analytics/endpoints.ts";
import { limitRequestBodies } from "#server/body-limit.ts";
import { parseTrustProxy, resolveClientAddress } from "#server/client-address.ts";
import { csrfProtection } from "#server/csrf.ts";
import type { Database } from "#server/db/client.ts";
import { analyticsDaily, analyticsEvents } from "#server/db/schema/analytics.ts";
import { formBodyOnly } from "#server/form-body.ts";

export const ANALYTICS_PUBLIC_URL = "http://frontier.test";

export const browserAgents = {
  desktop:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  phone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  tablet:
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  bot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

/**
 * An HTTP server with the analytics endpoints behind the same middleware as the app's
 * (server/app.ts: body limits, CSRF, the endpoints, then the form-only rule), on a free
 * port. The client's address is the right-most X-Forwarded-For entry (TRUST_PROXY=1), and
 * `clock.now` is the server's time, so a test can move to the next day.
 */
export async function startAnalyticsServer(
  database: Database,
  options: {
    eventLimit?: { capacity: number; refillPerSecond: number };
    overallLimit?: { capacity: number; refillPerSecond: number };
  } = {},
) {
  const clock = { now: new Date("2026-03-10T10:00:00Z") };
  const env = { PUBLIC_URL: ANALYTICS_PUBLIC_URL, ANALYTICS_COUNTRY_HEADER: "cf-ipcountry" };
  const trust = parseTrustProxy("1");
  const endpoints = createAnalyticsEndpoints({
    database,
    env,
    clientAddress: (request) => resolveClientAddress(request, trust),
    now: () => clock.now,
    eventLimit: options.eventLimit,
    overallLimit: options.overallLimit,
  });
  const app = express();
  app.use(limitRequestBodies());
  app.use(csrfProtection(env));
  app.use(endpoints.router);
  app.use(formBodyOnly());
  app.use((_request, response) => {
    response.status(404).type("text/plain").send("Not Found");
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clock,
    endpoints,
    async close() {
      await endpoints.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends one beacon the way a browser's sendBeacon does (text/plain JSON). */
export function sendBeacon(
  url: string,
  body: unknown,
  {
    address,
    agent = browserAgents.desktop,
    headers = {},
    path = "/api/event",
  }: { address: string; agent?: string; headers?: Record<string, string>; path?: string },
) {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      "User-Agent": agent,
      "X-Forwarded-For": address,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A page view (or, with `episode`, a play) as a test writes it straight into the raw events. */
export type TestVisit = {
  day: string;
  path: string;
  visitor: string;
  referrer?: string;
  episode?: string;
};

/** Writes visits as the recorder would have: at 10:00 UTC on their day, from a desktop. */
export async function recordVisits(database: Database, visits: TestVisit[]) {
  await database.db.insert(analyticsEvents).values(
    visits.map((visit) => ({
      occurredAt: new Date(`${visit.day}T10:00:00Z`),
      day: visit.day,
      kind: visit.episode ? ("play" as const) : ("view" as const),
      path: visit.path,
      episode: visit.episode ?? null,
      referrerHost: visit.referrer ?? null,
      device: "desktop" as const,
      visitorHash: visit.visitor,
    })),
  );
}

/** A day's rolled-up figures as "dimension:value" → [views, visitors]. */
export async function dailyFiguresOf(database: Database, day: string) {
  const rows = await database.db.select().from(analyticsDaily).where(eq(analyticsDaily.day, day));
  return Object.fromEntries(
    rows.map((row) => [`${row.dimension}:${row.value}`, [row.views, row.visitors]]),
  );
}
