import type { IncomingMessage } from "node:http";
import express, { type Request, type Response } from "express";
import { sessionCookieName } from "#server/auth/auth.ts";
import { limitKeyOf } from "#server/client-address.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "#server/db/availability.ts";
import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { EVENT_PATH, PROPOSAL_VIEW_PATH } from "#shared/analytics.ts";
import { z } from "#shared/zod.ts";
import { createSaltCache, utcDay, visitorHash } from "./daily-salt";
import { isVisitKey, recordProposalView } from "./proposal-engagement";
import { isSlug, publicPagePath } from "./public-paths";
import { createAddressLimiter } from "./rate-limit";
import { createEventRecorder } from "./recorder";
import {
  campaignValue,
  countryOf,
  deviceClassOf,
  exclusionOf,
  referrerHostOf,
} from "./request-facts";

/** The largest beacon body read (the route's body limit says the same, decision 207). */
export const BEACON_MAX_BYTES = 4 * 1024;

const optionalText = (max: number) => z.string().max(max).optional();

const eventSchema = z.object({
  path: z.string().min(1).max(300),
  referrer: optionalText(2048),
  utm_source: optionalText(500),
  utm_medium: optionalText(500),
  utm_campaign: optionalText(500),
  episode: optionalText(200),
});

const proposalViewSchema = z.object({
  proposal: z.string().max(64),
  visit: z.string().max(64),
  sections: z.record(z.string().max(40), z.number().int().min(0).max(1e9)).optional(),
});

/** Reads a small body: past `maxBytes`, or a body that breaks off, is a 4xx, never a 500. */
async function readBeaconBody(request: IncomingMessage) {
  const type = (request.headers["content-type"] ?? "").toLowerCase();
  if (!type.startsWith("text/plain") && !type.startsWith("application/json"))
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the event as JSON (text/plain or application/json).",
    );
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > BEACON_MAX_BYTES)
        throw new AppError("PAYLOAD_TOO_LARGE", `An event is at most ${BEACON_MAX_BYTES} bytes.`);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("INVALID", "The event could not be read.");
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw new AppError("INVALID", "The event is not valid JSON.");
  }
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown) {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError("INVALID", "The event does not have the expected fields.");
  return parsed.data;
}

/** Every refusal as a short JSON answer; nothing a visitor sends becomes a 500. */
function answerError(response: Response, error: unknown) {
  if (response.headersSent) return;
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) response.set("Retry-After", String(error.retryAfterSeconds));
    response.status(error.status).json({ ok: false, error: error.message });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    response.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS));
    response.json({ ok: false, error: "Try again in a moment." });
    return;
  }
  log.error("analytics beacon failed", error);
  response.status(500).json({ ok: false, error: "Something went wrong." });
}

export type AnalyticsEndpointOptions = {
  database: Database;
  env: Pick<Env, "PUBLIC_URL" | "ANALYTICS_COUNTRY_HEADER">;
  clientAddress: (request: IncomingMessage) => string;
  now?: () => Date;
  /** Events per address: a burst of `capacity`, then `refillPerSecond`. */
  eventLimit?: { capacity: number; refillPerSecond: number };
  /** Beacons of every address together (this instance): what the tables take at most. */
  overallLimit?: { capacity: number; refillPerSecond: number };
};

/**
 * All beacons together, per instance: a burst of 500, then 50 a second (4.3 million a day,
 * far above what an agency's site sees), so many addresses at once cannot fill the tables
 * or slow the site's own pages with their writes.
 */
export const OVERALL_BEACON_LIMIT = { capacity: 500, refillPerSecond: 50 };

/**
 * POST /api/event (a public page was seen, or an episode played) and POST
 * /api/proposal-view (a client reading a proposal). Both answer 204 at once, also when the
 * visit is not counted (privacy signals, bots, prefetches, staff), so a visitor cannot
 * tell; bad input is a 4xx; one address past its allowance gets 429.
 */
export function createAnalyticsEndpoints({
  database,
  env,
  clientAddress,
  now = () => new Date(),
  eventLimit = { capacity: 120, refillPerSecond: 1 },
  overallLimit = OVERALL_BEACON_LIMIT,
}: AnalyticsEndpointOptions) {
  const recorder = createEventRecorder({ db: database.db });
  const saltOf = createSaltCache(database.db);
  const eventLimiter = createAddressLimiter(eventLimit);
  const viewLimiter = createAddressLimiter({ capacity: 60, refillPerSecond: 0.5 });
  const overallLimiter = createAddressLimiter(overallLimit);
  const staffCookie = sessionCookieName(env);
  const site = new URL(env.PUBLIC_URL).host;
  const ownHosts = [new URL(env.PUBLIC_URL).hostname.toLowerCase()];

  /** The address's own allowance first (an IPv6 client by its /64), then everyone's. */
  function limit(limiter: ReturnType<typeof createAddressLimiter>, address: string) {
    const taken = limiter.take(limitKeyOf(address));
    if (!taken.isAllowed)
      throw new AppError("RATE_LIMITED", "Too many events from this address; slow down.", {
        retryAfterSeconds: taken.retryAfterSeconds,
      });
    const shared = overallLimiter.take("all");
    if (!shared.isAllowed)
      throw new AppError("RATE_LIMITED", "Too many events right now; try again later.", {
        retryAfterSeconds: shared.retryAfterSeconds,
      });
  }

  async function recordEvent(request: Request) {
    const address = clientAddress(request);
    limit(eventLimiter, address);
    const input = parseWith(eventSchema, await readBeaconBody(request));
    const path = publicPagePath(input.path);
    if (!path) throw new AppError("INVALID", "That path is not a page of this site.");
    const episode = input.episode && isSlug(input.episode) ? input.episode : null;
    if (input.episode && (!episode || path !== "/podcasts"))
      throw new AppError("INVALID", "An episode is played on /podcasts and named by its slug.");
    const at = now();
    const day = utcDay(at);
    const userAgent = request.headers["user-agent"] ?? "";
    const host = request.headers.host?.split(":")[0]?.toLowerCase();
    recorder.record({
      occurredAt: at,
      day,
      kind: episode ? "play" : "view",
      path,
      episode,
      referrerHost: referrerHostOf(input.referrer, host ? [...ownHosts, host] : ownHosts),
      utmSource: campaignValue(input.utm_source),
      utmMedium: campaignValue(input.utm_medium),
      utmCampaign: campaignValue(input.utm_campaign),
      device: deviceClassOf(userAgent),
      country: countryOf(request.headers, env.ANALYTICS_COUNTRY_HEADER),
      visitorHash: visitorHash({ salt: await saltOf(day), site, address, userAgent }),
    });
  }

  async function recordView(request: Request) {
    limit(viewLimiter, clientAddress(request));
    const input = parseWith(proposalViewSchema, await readBeaconBody(request));
    if (!isVisitKey(input.visit))
      throw new AppError("INVALID", "The visit key is not one of ours.");
    const isKnown = await recordProposalView({
      db: database.db,
      publicId: input.proposal,
      visitKey: input.visit,
      sections: input.sections ?? {},
      now: now(),
    });
    if (!isKnown) throw new AppError("NOT_FOUND", "There is no such proposal.");
  }

  const router = express.Router();
  for (const [path, handle] of [
    [EVENT_PATH, recordEvent],
    [PROPOSAL_VIEW_PATH, recordView],
  ] as const) {
    router.post(path, async (request, response) => {
      response.set("Cache-Control", "no-store");
      try {
        if (!exclusionOf(request.headers, { staffCookie })) await handle(request);
        response.status(204).end();
      } catch (error) {
        answerError(response, error);
      }
    });
    router.all(path, (_request, response) => {
      response
        .status(405)
        .set("Allow", "POST")
        .json({ ok: false, error: "Send events with POST." });
    });
  }

  return { router, recorder, close: () => recorder.close() };
}
