import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, ne, or } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { containsText } from "#server/business/list-query.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { authAccounts, authSessions, authUsers, signInFailures } from "#server/db/schema/auth.ts";
import { AppError, invalid } from "#server/errors.ts";
import { createStaffSchema, staffRoles } from "#shared/auth-forms.ts";
import { countedAttempt } from "./attempts";
import { hashPassword, verifyPassword } from "./password";
import type { Role } from "./roles";
import { claimsOf, deriveRole } from "./roles";
import { revokeUserTokens } from "./tokens";

/** The stored role value for a product role ("none" is kept as "none"). */
function storedRole(role: Role) {
  return role;
}

function staffView(row: {
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
}) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: deriveRole(claimsOf(row)),
    isDisabled: row.banned,
    hasTwoFactor: row.twoFactorEnabled,
    createdAt: row.createdAt,
  };
}
export type StaffListItem = ReturnType<typeof staffView>;

const userColumns = {
  id: authUsers.id,
  email: authUsers.email,
  name: authUsers.name,
  role: authUsers.role,
  banned: authUsers.banned,
  twoFactorEnabled: authUsers.twoFactorEnabled,
  createdAt: authUsers.createdAt,
};

/**
 * Creates a staff account with a password (the shell, the first-run link,
 * invitations and tests all come through here).
 */
export async function createStaffUser(
  { db }: { db: Db | Tx },
  input: { email: string; password: string; role: Role; name?: string },
  actor: Actor = { id: null },
) {
  const parsed = createStaffSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const { email, password, role } = parsed.data;
  const name = parsed.data.name || email.split("@")[0];
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, email));
    if (existing)
      throw new AppError("CONFLICT", "There is already an account with this email.", {
        fieldErrors: { email: ["There is already an account with this email."] },
      });
    const id = randomUUID();
    const now = new Date();
    await tx.insert(authUsers).values({
      id,
      email,
      name,
      role: storedRole(role),
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: hash,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "create",
      area: "team",
      recordId: id,
      detail: { email, role },
    });
    return { id, email, name, role };
  });
}

export async function listStaffUsers(db: Db) {
  const rows = await db.select(userColumns).from(authUsers).orderBy(asc(authUsers.email));
  return rows.map(staffView);
}

export async function findStaffUser(db: Db | Tx, { id, email }: { id?: string; email?: string }) {
  const where = id ? eq(authUsers.id, id) : eq(authUsers.email, (email ?? "").toLowerCase());
  const [row] = await db.select(userColumns).from(authUsers).where(where);
  return row ? staffView(row) : undefined;
}

async function requireStaffUser(db: Db | Tx, ref: { id?: string; email?: string }) {
  const user = await findStaffUser(db, ref);
  if (!user) throw new AppError("NOT_FOUND", "There is no staff account like that.");
  return user;
}

/** True when at least one admin can sign in (otherwise start-up offers the /setup link). */
export async function hasActiveAdmin(db: Db | Tx) {
  const [row] = await db
    .select({ total: count() })
    .from(authUsers)
    .where(and(eq(authUsers.role, "admin"), eq(authUsers.banned, false)));
  return row.total > 0;
}

/** Refuses a change that would leave nobody able to run the team. */
async function assertOtherAdminRemains(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ total: count() })
    .from(authUsers)
    .where(and(eq(authUsers.role, "admin"), eq(authUsers.banned, false), ne(authUsers.id, userId)));
  if (row.total === 0)
    throw new AppError("CONFLICT", "This is the last admin: make someone else an admin first.");
}

export async function setStaffRole(
  { db }: { db: Db },
  ref: { id?: string; email?: string },
  role: Role,
  actor: Actor = { id: null },
) {
  if (!staffRoles.includes(role))
    throw new AppError("INVALID", "Choose admin, client manager or no access.");
  return db.transaction(async (tx) => {
    const user = await requireStaffUser(tx, ref);
    if (user.role === "admin" && role !== "admin") await assertOtherAdminRemains(tx, user.id);
    await tx
      .update(authUsers)
      .set({ role: storedRole(role), updatedAt: new Date() })
      .where(eq(authUsers.id, user.id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "set-role",
      area: "team",
      recordId: user.id,
      detail: { email: user.email, from: user.role, to: role },
    });
    return { ...user, role };
  });
}

/** Disables an account: it cannot sign in, and its sessions end at once. */
export async function disableStaffUser(
  { db }: { db: Db },
  ref: { id?: string; email?: string },
  actor: Actor = { id: null },
) {
  return db.transaction(async (tx) => {
    const user = await requireStaffUser(tx, ref);
    if (actor.id && actor.id === user.id)
      throw new AppError("CONFLICT", "You cannot disable your own account.");
    if (user.role === "admin") await assertOtherAdminRemains(tx, user.id);
    await tx
      .update(authUsers)
      .set({ banned: true, banReason: "disabled", updatedAt: new Date() })
      .where(eq(authUsers.id, user.id));
    await tx.delete(authSessions).where(eq(authSessions.userId, user.id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "disable",
      area: "team",
      recordId: user.id,
      detail: { email: user.email },
    });
    return { ...user, isDisabled: true };
  });
}

export async function enableStaffUser(
  { db }: { db: Db },
  ref: { id?: string; email?: string },
  actor: Actor = { id: null },
) {
  return db.transaction(async (tx) => {
    const user = await requireStaffUser(tx, ref);
    await tx
      .update(authUsers)
      .set({ banned: false, banReason: null, updatedAt: new Date() })
      .where(eq(authUsers.id, user.id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "enable",
      area: "team",
      recordId: user.id,
      detail: { email: user.email },
    });
    return { ...user, isDisabled: false };
  });
}

/**
 * Sets a new password and ends the account's sessions (all of them, or all
 * but `keepSessionId`) and every reset link not yet used; clears its sign-in failures.
 * Every password change comes through here: reset, own change, staff and shell.
 */
export async function setStaffPassword(
  tx: Db | Tx,
  userId: string,
  password: string,
  { keepSessionId }: { keepSessionId?: string } = {},
) {
  const hash = await hashPassword(password);
  const now = new Date();
  const [updated] = await tx
    .update(authAccounts)
    .set({ password: hash, updatedAt: now })
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, "credential")))
    .returning({ id: authAccounts.id });
  if (!updated)
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: hash,
      createdAt: now,
      updatedAt: now,
    });
  const sessions = await tx
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.userId, userId));
  const ended = sessions.map((row) => row.id).filter((id) => id !== keepSessionId);
  if (ended.length) await tx.delete(authSessions).where(inArray(authSessions.id, ended));
  await revokeUserTokens(tx, { userId, kind: "reset" });
  const [user] = await tx
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  if (user) await tx.delete(signInFailures).where(eq(signInFailures.email, user.email));
}

export const WRONG_CURRENT_PASSWORD = "Your current password is not right.";

/**
 * Checks a signed-in staff member's current password as one attempt under the sign-in
 * limits (decision 209): wrong ones count like failed sign-ins, and a locked account is
 * refused with 429 before any check.
 */
export async function verifyCurrentPassword(
  db: Db,
  { userId, password, address }: { userId: string; password: string; address: string },
) {
  const [account] = await db
    .select({ email: authUsers.email, hash: authAccounts.password })
    .from(authUsers)
    .leftJoin(
      authAccounts,
      and(eq(authAccounts.userId, authUsers.id), eq(authAccounts.providerId, "credential")),
    )
    .where(eq(authUsers.id, userId));
  if (!account) throw new AppError("NOT_FOUND", "There is no staff account like that.");
  await countedAttempt(db, { email: account.email, address }, async () => {
    const isRight = account.hash && (await verifyPassword({ hash: account.hash, password }));
    if (!isRight)
      throw new AppError("INVALID", WRONG_CURRENT_PASSWORD, {
        fieldErrors: { currentPassword: [WRONG_CURRENT_PASSWORD] },
      });
  });
}

/** A staff member changes their own password (the current one is checked first). */
export async function changeOwnPassword(
  { db }: { db: Db },
  input: { userId: string; sessionId?: string; currentPassword: string; password: string },
  actor: Actor,
) {
  await verifyCurrentPassword(db, {
    userId: input.userId,
    password: input.currentPassword,
    address: actor.address ?? "unknown",
  });
  await db.transaction(async (tx) => {
    await setStaffPassword(tx, input.userId, input.password, { keepSessionId: input.sessionId });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "change-password",
      area: "account",
      recordId: input.userId,
    });
  });
}

export const staffSortable = ["email", "name", "role", "createdAt"] as const;
export type StaffSort = (typeof staffSortable)[number];

/** The team list for /admin/team: searched by name or email, sorted and paged in SQL. */
export async function findStaffUsers(
  db: Db,
  params: {
    q: string;
    sort: StaffSort;
    direction: "asc" | "desc";
    offset: number;
    pageSize: number;
  },
) {
  const where = params.q
    ? or(containsText(authUsers.email, params.q), containsText(authUsers.name, params.q))
    : undefined;
  const column = {
    email: authUsers.email,
    name: authUsers.name,
    role: authUsers.role,
    createdAt: authUsers.createdAt,
  }[params.sort];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(userColumns)
      .from(authUsers)
      .where(where)
      .orderBy(params.direction === "asc" ? asc(column) : desc(column), asc(authUsers.id))
      .limit(params.pageSize)
      .offset(params.offset),
    db.select({ total: count() }).from(authUsers).where(where),
  ]);
  return { rows: rows.map(staffView), total };
}
