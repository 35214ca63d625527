import { and, arrayContains, eq } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "#server/db/schema/webhooks.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import type { WebhookEventType } from "#shared/webhooks.ts";

export const WEBHOOK_DELIVER_JOB = "webhook.deliver";
/** Tries of a delivery: over about a day (delivery.ts has the waits). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/** Queues the job that makes a delivery's next try, at `runAt`, once per try. */
export async function queueDelivery(
  db: Db | Tx,
  { deliveryId, attempt, runAt }: { deliveryId: string; attempt: number; runAt?: Date },
) {
  await enqueueJob(db, {
    kind: WEBHOOK_DELIVER_JOB,
    payload: { deliveryId },
    runAt,
    uniqueKey: `${WEBHOOK_DELIVER_JOB}:${deliveryId}:${attempt}`,
    // The job's own retries are for a failing database; the receiver's failures are tries.
    maxAttempts: 3,
  });
}

/**
 * Records that something happened and queues its delivery to every enabled endpoint that
 * asked for this type. Call it inside the transaction of the change itself (pass `tx`):
 * the event and its deliveries exist exactly when the change does, so none is lost and
 * none is sent for a change that was rolled back. `only` limits it to one endpoint (tests).
 */
export async function emitWebhookEvent(
  db: Db | Tx,
  {
    type,
    data,
    only,
    maxAttempts = WEBHOOK_MAX_ATTEMPTS,
  }: {
    type: WebhookEventType;
    data: Record<string, unknown>;
    only?: string;
    maxAttempts?: number;
  },
) {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      only
        ? eq(webhookEndpoints.id, only)
        : and(eq(webhookEndpoints.isEnabled, true), arrayContains(webhookEndpoints.events, [type])),
    );
  if (endpoints.length === 0) return undefined;
  const [event] = await db
    .insert(webhookEvents)
    .values({ type, data })
    .returning({ id: webhookEvents.id });
  const deliveries = await db
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        eventId: event.id,
        endpointId: endpoint.id,
        maxAttempts,
        nextAttemptAt: new Date(),
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const delivery of deliveries)
    await queueDelivery(db, { deliveryId: delivery.id, attempt: 1 });
  return { eventId: event.id, deliveryIds: deliveries.map((delivery) => delivery.id) };
}
