import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// Better Auth's tables (model names user, session, account, verification, rateLimit, and the
// plugins' twoFactor and passkey), with the admin plugin's role and ban fields, plus our own
// one-time links and sign-in failures.

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** "admin", "clientManager" or anything else (no access); see server/auth/roles.ts. */
  role: text("role"),
  /** A disabled account: it cannot sign in and its sessions are gone. */
  banned: boolean("banned").notNull().default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  /** Two-factor sign-in is on: a password sign-in asks for a code (decision 212). */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  ...timestamps,
});

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    /** Last request seen on this session: the idle time-out counts from here. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("auth_accounts_user_idx").on(table.userId)],
);

export const authVerifications = pgTable("auth_verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  ...timestamps,
});

export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * One-time links: first-admin setup, password reset, team invitation. Only a
 * hash of the token is kept; a link works once and until it expires.
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<"setup" | "reset" | "invite">().notNull(),
    tokenHash: text("token_hash").notNull(),
    email: text("email"),
    role: text("role"),
    userId: text("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    createdBy: text("created_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("auth_tokens_hash_idx").on(table.tokenHash)],
);

/** Failed sign-ins, counted per account and per address for the brute-force limits. */
export const signInFailures = pgTable(
  "auth_sign_in_failures",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("auth_sign_in_failures_email_idx").on(table.email, table.createdAt),
    index("auth_sign_in_failures_address_idx").on(table.address, table.createdAt),
  ],
);

/**
 * The twoFactor plugin's table: the TOTP secret and the recovery codes of an account, both
 * encrypted with AUTH_SECRET. `verified` is false from set-up until the first right code.
 * `last_used_step` is our own column (decision 217).
 */
export const authTwoFactors = pgTable(
  "auth_two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Ours: the 30-second step of the last authenticator code accepted (each is used once). */
    lastUsedStep: integer("last_used_step"),
  },
  (table) => [uniqueIndex("auth_two_factors_user_idx").on(table.userId)],
);
/** The passkey plugin's table: one row per WebAuthn credential (decision 213). */
export const authPasskeys = pgTable(
  "auth_passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
  },
  (table) => [
    index("auth_passkeys_user_idx").on(table.userId),
    uniqueIndex("auth_passkeys_credential_idx").on(table.credentialID),
  ],
);
