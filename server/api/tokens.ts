import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { Db } from "#server/db/client.ts";
import { type ApiScope, apiTokens } from "#server/db/schema/api.ts";
import { AppError } from "#server/errors.ts";
import { type TokenAccess, tokenAccessChoices } from "#shared/api-tokens.ts";
import { z } from "#shared/zod.ts";

/** Requests a token may make in one minute; more are answered 429 until the next minute. */
export const API_RATE_LIMIT_PER_MINUTE = 60;
const TOKEN_PREFIX = "frt_";
const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;

/** The scopes behind each choice of the command center's form. */
const scopesByAccess: Record<TokenAccess, ApiScope[]> = {
  content: ["content:read"],
  business: ["content:read", "business:read", "business:write"],
};

export const createTokenSchema = z.object({
  name: z
    .string({ error: "Name the token after what uses it." })
    .trim()
    .min(1, "Name the token after what uses it.")
    .max(80, "Keep the name under 80 characters."),
  access: z.enum(
    tokenAccessChoices.map((choice) => choice.value),
    { error: "Choose what the token may reach." },
  ),
});

export function hashApiToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Makes a token (256 random bits) and returns it: the only time it exists outside the
 * caller's hands. The database keeps its SHA-256 and its first characters.
 */
export async function createApiToken({
  db,
  input,
  actor,
}: {
  db: Db;
  input: unknown;
  actor: Actor;
}) {
  const parsed = createTokenSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError("INVALID", "Please correct the highlighted fields.", {
      fieldErrors: Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), [issue.message]]),
      ),
    });
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const scopes = scopesByAccess[parsed.data.access];
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiTokens)
      .values({
        name: parsed.data.name,
        scopes,
        tokenHash: hashApiToken(token),
        prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
        createdById: actor.id,
        createdByEmail: actor.email ?? null,
      })
      .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "create",
      area: "api-tokens",
      recordId: created.id,
      detail: { name: created.name, scopes, prefix: created.prefix },
      address: actor.address,
    });
    return created;
  });
  return { ...row, token, scopes };
}

/** Revokes a token at once: its next request is refused (401). */
export async function revokeApiToken({ db, id, actor }: { db: Db; id: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedByEmail: actor.email ?? null })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix });
    if (!revoked)
      throw new AppError("NOT_FOUND", "That token does not exist or is revoked already.");
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "revoke",
      area: "api-tokens",
      recordId: revoked.id,
      detail: { name: revoked.name, prefix: revoked.prefix },
      address: actor.address,
    });
    return revoked;
  });
}

/** Every token, newest first, without anything secret. */
export async function findApiTokens({ db }: { db: Db }) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      prefix: apiTokens.prefix,
      createdByEmail: apiTokens.createdByEmail,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(200);
}

export type ApiCaller = { tokenId: string; name: string; scopes: ApiScope[] };

export type TokenCheck =
  | { ok: true; caller: ApiCaller; remaining: number }
  | { ok: false; reason: "unknown" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Checks a presented token and counts the request, in one statement: a live token with that
 * hash gets its last use and its minute's count updated; an unknown or revoked one matches
 * no row. More than `limit` requests in the same minute are refused until the next.
 */
export async function checkApiToken({
  db,
  token,
  limit = API_RATE_LIMIT_PER_MINUTE,
}: {
  db: Db;
  token: string;
  limit?: number;
}): Promise<TokenCheck> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200)
    return { ok: false, reason: "unknown" };
  const minute = sql`date_trunc('minute', now())`;
  const [row] = await db
    .update(apiTokens)
    .set({
      lastUsedAt: sql`now()`,
      windowCount: sql`case when ${apiTokens.windowStartedAt} = ${minute} then ${apiTokens.windowCount} + 1 else 1 end`,
      windowStartedAt: minute,
    })
    .where(and(eq(apiTokens.tokenHash, hashApiToken(token)), isNull(apiTokens.revokedAt)))
    .returning({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      count: apiTokens.windowCount,
      retryAfter: sql<number>`ceil(extract(epoch from (${apiTokens.windowStartedAt} + interval '1 minute' - now())))::int`,
    });
  if (!row) return { ok: false, reason: "unknown" };
  if (row.count > limit)
    return {
      ok: false,
      reason: "rate-limited",
      retryAfterSeconds: Math.max(1, Number(row.retryAfter)),
    };
  return {
    ok: true,
    caller: { tokenId: row.id, name: row.name, scopes: row.scopes },
    remaining: limit - row.count,
  };
}
