import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { leadTouchpoints } from "#server/db/schema/analytics.ts";
import { chatConversations } from "#server/db/schema/chat.ts";
import { leads } from "#server/db/schema/leads.ts";
import { TRAIL_FIELD, TRAIL_MAX } from "#shared/analytics.ts";
import { touchpointPath } from "./public-paths";
import { campaignValue, isTrackingRefused } from "./request-facts";

export type Touchpoint = {
  path: string;
  viewedAt: Date;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

/** The most text the field may hold: 50 entries of a long path and campaign fit well inside. */
const MAX_FIELD_LENGTH = 32 * 1024;
/** Pages seen longer ago than this are not believed (a tab left open for a month). */
const MAX_AGE_MS = 31 * 24 * 60 * 60 * 1000;

const hostPattern = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

function touchpointOf(entry: unknown, now: number): Touchpoint | undefined {
  if (!entry || typeof entry !== "object") return undefined;
  const { p, t, r, s, m, c } = entry as Record<string, unknown>;
  const path = typeof p === "string" ? touchpointPath(p) : undefined;
  if (!path || typeof t !== "number" || !Number.isFinite(t)) return undefined;
  if (t < now - MAX_AGE_MS || t > now + 5 * 60_000) return undefined;
  const host = typeof r === "string" ? r.toLowerCase() : "";
  return {
    path,
    viewedAt: new Date(Math.round(t)),
    referrerHost: hostPattern.test(host) ? host : null,
    utmSource: campaignValue(s),
    utmMedium: campaignValue(m),
    utmCampaign: campaignValue(c),
  };
}

/**
 * The pages a form brought (its `touchpoints` field, JSON written by the browser), checked:
 * public paths only, sane times, at most TRAIL_MAX; entries that fail are left out, and a
 * field that is not a list gives none, so a broken trail never costs the visitor their
 * message. A browser sending Do-Not-Track or Global Privacy Control gives none either.
 */
export function readTouchpoints({
  form,
  headers,
  now = new Date(),
}: {
  form: FormData;
  headers: Headers;
  now?: Date;
}): Touchpoint[] {
  if (isTrackingRefused(headers)) return [];
  const value = form.get(TRAIL_FIELD);
  if (typeof value !== "string" || !value || value.length > MAX_FIELD_LENGTH) return [];
  let entries: unknown;
  try {
    entries = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries
    .slice(0, TRAIL_MAX)
    .map((entry) => touchpointOf(entry, now.getTime()))
    .filter((entry): entry is Touchpoint => entry !== undefined);
}

export type TouchpointOwner =
  | { leadId: string }
  | { subscriberId: string }
  | { conversationId: string };

/** Stores the pages with the lead, subscriber or conversation they led to (in its transaction). */
export async function saveTouchpoints(
  db: Db | Tx,
  owner: TouchpointOwner,
  touchpoints: Touchpoint[],
) {
  if (touchpoints.length === 0) return;
  await (db as Db)
    .insert(leadTouchpoints)
    .values(touchpoints.map((touchpoint, position) => ({ ...owner, ...touchpoint, position })));
}

/** Pages kept as JSON until a sign-up is confirmed (the subscriber row's pending trail). */
export function pendingTouchpointsOf(touchpoints: Touchpoint[]) {
  return touchpoints.map((touchpoint) => ({
    ...touchpoint,
    viewedAt: touchpoint.viewedAt.toISOString(),
  }));
}

/** A pending trail back as pages, each checked again (it is JSON from a row). */
export function touchpointsFromPending(entries: Array<Record<string, unknown>>): Touchpoint[] {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return entries.flatMap((entry) => {
    const path = text(entry.path);
    const viewedAt = new Date(text(entry.viewedAt) ?? "");
    if (!path || Number.isNaN(viewedAt.getTime())) return [];
    return [
      {
        path,
        viewedAt,
        referrerHost: text(entry.referrerHost),
        utmSource: text(entry.utmSource),
        utmMedium: text(entry.utmMedium),
        utmCampaign: text(entry.utmCampaign),
      },
    ];
  });
}

const ownerColumn = (owner: TouchpointOwner) =>
  "leadId" in owner
    ? eq(leadTouchpoints.leadId, owner.leadId)
    : "subscriberId" in owner
      ? eq(leadTouchpoints.subscriberId, owner.subscriberId)
      : eq(leadTouchpoints.conversationId, owner.conversationId);

/** Stores the pages unless this subscriber or conversation already has the pages of an earlier contact. */
export async function saveFirstTouchpoints(
  db: Db | Tx,
  owner: TouchpointOwner,
  touchpoints: Touchpoint[],
) {
  if (touchpoints.length === 0) return false;
  const [existing] = await (db as Db)
    .select({ id: leadTouchpoints.id })
    .from(leadTouchpoints)
    .where(ownerColumn(owner))
    .limit(1);
  if (existing) return false;
  await saveTouchpoints(db, owner, touchpoints);
  return true;
}

/**
 * A chat keeps the pages of its first contact: the first message or the details that
 * bring a trail attach it, later ones change nothing.
 */
export async function attachConversationTouchpoints({
  db,
  visitorId,
  touchpoints,
}: {
  db: Db;
  visitorId: string;
  touchpoints: Touchpoint[];
}) {
  if (touchpoints.length === 0) return false;
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.visitorId, visitorId))
      .for("update");
    if (!conversation) return false;
    return saveFirstTouchpoints(tx, { conversationId: conversation.id }, touchpoints);
  });
}

const touchpointColumns = {
  path: leadTouchpoints.path,
  viewedAt: leadTouchpoints.viewedAt,
  referrerHost: leadTouchpoints.referrerHost,
  utmSource: leadTouchpoints.utmSource,
  utmMedium: leadTouchpoints.utmMedium,
  utmCampaign: leadTouchpoints.utmCampaign,
};

/** The pages before contact of each of these leads, in the order they were seen. */
export async function findLeadTouchpoints({ db, leadIds }: { db: Db; leadIds: string[] }) {
  const byLead = new Map<string, Touchpoint[]>();
  if (leadIds.length === 0) return byLead;
  const rows = await db
    .select({ leadId: leadTouchpoints.leadId, ...touchpointColumns })
    .from(leadTouchpoints)
    .where(inArray(leadTouchpoints.leadId, leadIds))
    .orderBy(asc(leadTouchpoints.leadId), asc(leadTouchpoints.position));
  for (const { leadId, ...touchpoint } of rows) {
    if (!leadId) continue;
    byLead.set(leadId, [...(byLead.get(leadId) ?? []), touchpoint]);
  }
  return byLead;
}

/** The pages before contact of a client: its leads' and its linked chats', newest contact first. */
export async function findClientTouchpoints({ db, clientId }: { db: Db; clientId: string }) {
  const contactAt = sql<Date>`coalesce(${leads.createdAt}, ${chatConversations.createdAt})`;
  const rows = await db
    .select({
      leadId: leadTouchpoints.leadId,
      conversationId: leadTouchpoints.conversationId,
      contactAt: contactAt.mapWith((value) => new Date(value)),
      ...touchpointColumns,
    })
    .from(leadTouchpoints)
    .leftJoin(leads, eq(leads.id, leadTouchpoints.leadId))
    .leftJoin(chatConversations, eq(chatConversations.id, leadTouchpoints.conversationId))
    .where(sql`${leads.clientId} = ${clientId} or ${chatConversations.clientId} = ${clientId}`)
    .orderBy(
      desc(contactAt),
      sql`coalesce(${leadTouchpoints.leadId}, ${leadTouchpoints.conversationId})`,
      asc(leadTouchpoints.position),
    );
  const groups: Array<{
    /** The lead's or the conversation's id. */
    id: string;
    kind: "lead" | "chat";
    contactAt: Date;
    touchpoints: Touchpoint[];
  }> = [];
  const byOwner = new Map<string, (typeof groups)[number]>();
  for (const { leadId, conversationId, contactAt, ...touchpoint } of rows) {
    const key = leadId ?? conversationId ?? "";
    let group = byOwner.get(key);
    if (!group) {
      group = { id: key, kind: leadId ? "lead" : "chat", contactAt, touchpoints: [] };
      byOwner.set(key, group);
      groups.push(group);
    }
    group.touchpoints.push(touchpoint);
  }
  return groups;
}
