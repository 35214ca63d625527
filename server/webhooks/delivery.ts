import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "#server/db/schema/webhooks.ts";
import type { Env } from "#server/env.ts";
import { isLeaseAlive } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";
import {
  FetchFailedError,
  type SafeResponse,
  safeFetch,
  UnsafeAddressError,
} from "#server/net/safe-fetch.ts";
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER } from "#shared/webhooks.ts";
import { queueDelivery } from "./events";
import { signatureHeader } from "./signing";

/** Waits before try 2, 3, …, 8: about 24 hours from the first try to the last. */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 4 * 3600, 8 * 3600, 10 * 3600];
const TIMEOUT_MS = 10_000;
/** Longer than any try can take, so an abandoned one (a crash) is taken up again after it. */
const LEASE_SECONDS = 60;
/** The first KB of an answer is kept for the delivery log. */
const KEPT_BODY_BYTES = 1024;

export type DeliveryOutcome = "succeeded" | "retrying" | "failed" | "cancelled" | "skipped";

/** The body a receiver gets: the event as it was recorded, the same on every try. */
export function webhookBody(event: { id: string; type: string; data: unknown; createdAt: Date }) {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    data: event.data,
  });
}

/**
 * Takes the delivery for one try, if it is still to be sent and nobody else is sending it:
 * the try's number goes up and a lease keeps other runners away until it ends. A delivery
 * that succeeded (or gave up) is never taken again, so a job run twice sends nothing twice.
 */
async function claimDelivery(db: Db, deliveryId: string, lease: string | undefined) {
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      claimedBy: lease ?? null,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "pending"),
        or(
          isNull(webhookDeliveries.leaseUntil),
          lt(webhookDeliveries.leaseUntil, sql`now()`),
          // The job that held it died (its own lease ran out): no need to wait 60 s.
          sql`(${webhookDeliveries.claimedBy} is not null and not ${isLeaseAlive(sql`${webhookDeliveries.claimedBy}`)})`,
        ),
      ),
    )
    .returning();
  return claimed;
}

type Answer = { statusCode?: number; body?: string; error?: string; durationMs: number };

async function post(
  env: Pick<Env, "PRIVATE_FETCH_ORIGINS">,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Answer> {
  const startedAt = performance.now();
  const durationMs = () => Math.round(performance.now() - startedAt);
  let response: SafeResponse;
  try {
    response = await safeFetch(url, {
      method: "POST",
      headers,
      body,
      timeoutMs: TIMEOUT_MS,
      maxBytes: 256 * 1024,
      maxRedirects: 0,
      allowedOrigins: env.PRIVATE_FETCH_ORIGINS ?? [],
    });
  } catch (error) {
    let message = error instanceof Error ? error.message : String(error);
    if (error instanceof FetchFailedError && error.reason === "redirects")
      message = "The receiver answered with a redirect; webhooks do not follow redirects.";
    if (error instanceof UnsafeAddressError) message = `Refused: ${error.message}`;
    return { error: message, durationMs: durationMs() };
  }
  return {
    statusCode: response.status,
    body: response.body.subarray(0, KEPT_BODY_BYTES).toString("utf8"),
    durationMs: durationMs(),
  };
}

/**
 * The job webhook.deliver: one try of one delivery. 2xx is success, recorded in the same
 * statement that checks the delivery is still pending; 410 Gone switches the endpoint off;
 * anything else waits RETRY_DELAYS_SECONDS and tries again (a new job, queued in the
 * transaction that records this try) until the tries run out. A disabled endpoint is
 * never called: its deliveries are cancelled.
 */
export async function deliverWebhook({
  db,
  env,
  deliveryId,
  lease,
}: {
  db: Db;
  env: Pick<Env, "PRIVATE_FETCH_ORIGINS">;
  deliveryId: string;
  /** The job claim running this try (JobContext.lease). */
  lease?: string;
}): Promise<DeliveryOutcome> {
  const [found] = await db
    .select({
      status: webhookDeliveries.status,
      isEnabled: webhookEndpoints.isEnabled,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (found?.status !== "pending") return "skipped";
  if (!found.isEnabled) {
    await db
      .update(webhookDeliveries)
      .set({ status: "cancelled", lastError: "The endpoint is switched off.", nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
    return "cancelled";
  }
  const delivery = await claimDelivery(db, deliveryId, lease);
  if (!delivery) return "skipped";
  const [target] = await db
    .select({ endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookEndpoints)
    .innerJoin(webhookEvents, eq(webhookEvents.id, delivery.eventId))
    .where(eq(webhookEndpoints.id, delivery.endpointId));
  const body = webhookBody(target.event);
  const answer = await post(
    env,
    target.endpoint.url,
    {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      "User-Agent": "Frontier-Webhooks/1.0",
      [EVENT_ID_HEADER]: target.event.id,
      [EVENT_TYPE_HEADER]: target.event.type,
      "Frontier-Delivery-Attempt": String(delivery.attempts),
      [SIGNATURE_HEADER]: signatureHeader({
        secret: target.endpoint.secret,
        timestamp: Math.floor(Date.now() / 1000),
        body,
      }),
    },
    body,
  );
  return recordAnswer(db, { delivery, answer, endpointId: target.endpoint.id });
}

async function recordAnswer(
  db: Db,
  {
    delivery,
    answer,
    endpointId,
  }: {
    delivery: typeof webhookDeliveries.$inferSelect;
    answer: Answer;
    endpointId: string;
  },
): Promise<DeliveryOutcome> {
  const code = answer.statusCode;
  const isSuccess = code !== undefined && code >= 200 && code < 300;
  const isGone = code === 410;
  const hasTriesLeft = delivery.attempts < delivery.maxAttempts;
  const outcome: DeliveryOutcome = isSuccess
    ? "succeeded"
    : !isGone && hasTriesLeft
      ? "retrying"
      : "failed";
  const error = answer.error ?? (isSuccess ? null : `The receiver answered ${code}.`);
  const nextAttemptAt =
    outcome === "retrying"
      ? new Date(
          Date.now() +
            RETRY_DELAYS_SECONDS[Math.min(delivery.attempts - 1, RETRY_DELAYS_SECONDS.length - 1)] *
              1000,
        )
      : null;
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      statusCode: code ?? null,
      responseBody: answer.body ?? null,
      error: answer.error ?? null,
      durationMs: answer.durationMs,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome === "retrying" ? "pending" : outcome,
        leaseUntil: null,
        claimedBy: null,
        nextAttemptAt,
        lastStatusCode: code ?? null,
        lastError: error,
        deliveredAt: isSuccess ? new Date() : null,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, "pending")));
    if (isGone)
      await tx
        .update(webhookEndpoints)
        .set({
          isEnabled: false,
          disabledReason: "Switched off: the receiver answered 410 Gone.",
          updatedAt: new Date(),
        })
        .where(eq(webhookEndpoints.id, endpointId));
    if (nextAttemptAt)
      await queueDelivery(tx, {
        deliveryId: delivery.id,
        attempt: delivery.attempts + 1,
        runAt: nextAttemptAt,
      });
  });
  if (!isSuccess) log.info(`webhook delivery ${delivery.id} try ${delivery.attempts}: ${error}`);
  return outcome;
}
