import { isIP } from "node:net";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { Db } from "#server/db/client.ts";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "#server/db/schema/webhooks.ts";
import type { Env } from "#server/env.ts";
import { AppError, invalid } from "#server/errors.ts";
import { isBlockedAddress } from "#server/net/address-policy.ts";
import { webhookEventTypes } from "#shared/webhooks.ts";
import { z } from "#shared/zod.ts";
import { deliverWebhook } from "./delivery";
import { emitWebhookEvent } from "./events";
import { createWebhookSecret } from "./signing";

type UrlEnv = Pick<Env, "PRIVATE_FETCH_ORIGINS">;

export const endpointSchema = z.object({
  url: z
    .string({ error: "Enter the address that receives the events." })
    .trim()
    .min(1, "Enter the address that receives the events.")
    .max(2000, "That address is too long."),
  description: z.string().trim().max(200, "Keep the description under 200 characters.").default(""),
  events: z
    .array(z.enum(webhookEventTypes.map((event) => event.type)), {
      error: "Choose the events to send.",
    })
    .min(1, "Choose at least one event."),
});

/**
 * Where events may go: https only, without credentials in the address, and not a private or
 * local network by its literal address (names are checked on every delivery, by safeFetch).
 * The origins in PRIVATE_FETCH_ORIGINS (tests' local receivers) may use http.
 */
export function checkEndpointUrl(value: string, env: UrlEnv) {
  const refuse = (message: string) =>
    new AppError("INVALID", message, { fieldErrors: { url: [message] } });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse("Enter a complete address, starting with https://.");
  }
  const isAllowedOrigin = (env.PRIVATE_FETCH_ORIGINS ?? []).includes(url.origin);
  if (url.protocol !== "https:" && !(isAllowedOrigin && url.protocol === "http:"))
    throw refuse("Use an https:// address: events carry customer data.");
  if (url.username || url.password)
    throw refuse(
      "Leave the user name and password out of the address; the signature proves it is us.",
    );
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const isPrivate =
    host === "localhost" ||
    host.endsWith(".localhost") ||
    (isIP(host) > 0 && isBlockedAddress(host));
  if (isPrivate && !isAllowedOrigin)
    throw refuse("That address is on a private or local network; use a public one.");
  url.hash = "";
  return url.toString();
}

function parseEndpoint(input: unknown, env: UrlEnv) {
  const parsed = endpointSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  return { ...parsed.data, url: checkEndpointUrl(parsed.data.url, env) };
}

async function audit(
  db: Parameters<typeof recordAudit>[0],
  actor: Actor,
  action: string,
  recordId: string,
  detail: Record<string, unknown> = {},
) {
  await recordAudit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    area: "webhooks",
    recordId,
    detail,
    address: actor.address,
  });
}

const gone = () => new AppError("NOT_FOUND", "That endpoint no longer exists.");

export async function createWebhookEndpoint({
  db,
  env,
  input,
  actor,
}: {
  db: Db;
  env: UrlEnv;
  input: unknown;
  actor: Actor;
}) {
  const value = parseEndpoint(input, env);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ ...value, secret: createWebhookSecret(), createdByEmail: actor.email ?? null })
      .returning();
    await audit(tx, actor, "create", created.id, { url: created.url, events: created.events });
    return created;
  });
}

export async function updateWebhookEndpoint({
  db,
  env,
  id,
  input,
  actor,
}: {
  db: Db;
  env: UrlEnv;
  id: string;
  input: unknown;
  actor: Actor;
}) {
  const value = parseEndpoint(input, env);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ ...value, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!updated) throw gone();
    await audit(tx, actor, "update", id, { url: updated.url, events: updated.events });
    return updated;
  });
}

/** Switches an endpoint on or off; off cancels what is waiting for it (nothing more is sent). */
export async function setWebhookEndpointEnabled({
  db,
  id,
  isEnabled,
  actor,
}: {
  db: Db;
  id: string;
  isEnabled: boolean;
  actor: Actor;
}) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        isEnabled,
        disabledReason: isEnabled ? null : `Switched off by ${actor.email ?? "an admin"}.`,
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!updated) throw gone();
    if (!isEnabled)
      await tx
        .update(webhookDeliveries)
        .set({
          status: "cancelled",
          lastError: "The endpoint was switched off.",
          nextAttemptAt: null,
        })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "pending")));
    await audit(tx, actor, isEnabled ? "enable" : "disable", id, { url: updated.url });
    return updated;
  });
}

export async function deleteWebhookEndpoint({
  db,
  id,
  actor,
}: {
  db: Db;
  id: string;
  actor: Actor;
}) {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!deleted) throw gone();
    await audit(tx, actor, "delete", id, { url: deleted.url });
    return deleted;
  });
}

/** The signing secret, for an admin who set up (or checks) the receiver: every reveal is in the audit log. */
export async function revealWebhookSecret({ db, id, actor }: { db: Db; id: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id));
    if (!endpoint) throw gone();
    await audit(tx, actor, "reveal-secret", id);
    return endpoint.secret;
  });
}

/** A new secret: deliveries from now on are signed with it, so the receiver must change too. */
export async function rollWebhookSecret({ db, id, actor }: { db: Db; id: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ secret: createWebhookSecret(), updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning({ secret: webhookEndpoints.secret });
    if (!updated) throw gone();
    await audit(tx, actor, "roll-secret", id);
    return updated.secret;
  });
}

/** A "ping" event to this endpoint alone, sent at once (one try): what the receiver answered. */
export async function sendTestWebhook({
  db,
  env,
  id,
  actor,
}: {
  db: Db;
  env: UrlEnv;
  id: string;
  actor: Actor;
}) {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id, isEnabled: webhookEndpoints.isEnabled })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!endpoint) throw gone();
  if (!endpoint.isEnabled)
    throw new AppError("CONFLICT", "Switch the endpoint on before sending a test.");
  const emitted = await db.transaction(async (tx) => {
    await audit(tx, actor, "send-test", id);
    return emitWebhookEvent(tx, {
      type: "ping",
      data: { message: "A test from Frontier's command center.", sentBy: actor.email ?? null },
      only: id,
      maxAttempts: 1,
    });
  });
  const deliveryId = emitted?.deliveryIds[0];
  if (!deliveryId) throw gone();
  await deliverWebhook({ db, env, deliveryId });
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  return delivery;
}

/** Every endpoint, with the state of its latest delivery; never the secrets. */
export async function findWebhookEndpoints({ db }: { db: Db }) {
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      isEnabled: webhookEndpoints.isEnabled,
      disabledReason: webhookEndpoints.disabledReason,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt));
  return endpoints;
}

export async function findWebhookEndpoint({ db, id }: { db: Db; id: string }) {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!endpoint) return undefined;
  const { secret: _secret, ...rest } = endpoint;
  return rest;
}

/** The delivery log of one endpoint: newest first, each with its tries. */
export async function findWebhookDeliveries({
  db,
  endpointId,
  limit = 50,
}: {
  db: Db;
  endpointId: string;
  limit?: number;
}) {
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      maxAttempts: webhookDeliveries.maxAttempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
      eventId: webhookEvents.id,
      eventType: webhookEvents.type,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            deliveries.map((delivery) => delivery.id),
          ),
        )
        .orderBy(webhookAttempts.attempt)
    : [];
  return deliveries.map((delivery) => ({
    ...delivery,
    tries: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
  }));
}
