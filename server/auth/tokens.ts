import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { authTokens } from "#server/db/schema/auth.ts";
import { AppError } from "#server/errors.ts";

export type TokenKind = "setup" | "reset" | "invite";

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  setup: 24 * 3600_000,
  reset: 3600_000,
  invite: 72 * 3600_000,
};

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}

/** Makes a one-time link token (256 random bits); only its hash is stored. */
export async function createToken(
  db: Db | Tx,
  input: {
    kind: TokenKind;
    email?: string | null;
    role?: string | null;
    userId?: string | null;
    createdBy?: string | null;
  },
) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(authTokens).values({
    id: randomUUID(),
    kind: input.kind,
    tokenHash: hashToken(token),
    email: input.email ?? null,
    role: input.role ?? null,
    userId: input.userId ?? null,
    createdBy: input.createdBy ?? null,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[input.kind]),
  });
  return token;
}

const expiredMessage: Record<TokenKind, string> = {
  setup: "This setup link has expired or was already used. Restart the server for a new one.",
  reset: "This reset link has expired or was already used. Ask for a new one.",
  invite: "This invitation has expired or was already used. Ask an admin for a new one.",
};

/** The token's record if it is still usable (without using it up). */
export async function findUsableToken(db: Db | Tx, kind: TokenKind, token: string) {
  if (!token) return undefined;
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
      ),
    );
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return row;
}

/** Uses the token up (once: a second use, or an expired token, throws GONE). */
export async function consumeToken(db: Db | Tx, kind: TokenKind, token: string) {
  const row = await findUsableToken(db, kind, token);
  if (!row) throw new AppError("GONE", expiredMessage[kind]);
  const [used] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  if (!used) throw new AppError("GONE", expiredMessage[kind]);
  return row;
}

/**
 * Whether a link of the same kind was made for the same account after this one: a reset link
 * works only while it is the newest one mailed (a link whose mail failed was deleted).
 */
export async function hasNewerToken(
  db: Db | Tx,
  row: { id: string; kind: TokenKind; userId: string | null },
) {
  if (!row.userId) return false;
  // Compared in the database: its microseconds would be lost in a JavaScript Date.
  const createdAt = db
    .select({ createdAt: authTokens.createdAt })
    .from(authTokens)
    .where(eq(authTokens.id, row.id));
  const [newer] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.kind, row.kind),
        eq(authTokens.userId, row.userId),
        gt(authTokens.createdAt, sql`(${createdAt})`),
      ),
    )
    .limit(1);
  return newer !== undefined;
}

export function tokenExpiredMessage(kind: TokenKind) {
  return expiredMessage[kind];
}

/** Ends every unused token of a kind (a new setup link replaces the old one). */
export async function revokeTokens(db: Db | Tx, kind: TokenKind) {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

/** Removes a token that was never handed out (its mail could not be sent). */
export async function deleteToken(db: Db | Tx, token: string) {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, hashToken(token)));
}

/** Ends every unused link of a kind sent for one account (a new password ends older reset links). */
export async function revokeUserTokens(
  db: Db | Tx,
  { userId, kind }: { userId: string; kind: TokenKind },
) {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)),
    );
}
