import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export type ApiScope = "content:read" | "business:read" | "business:write";

/**
 * Tokens for the JSON API (/api/v1), made by admins. Only the SHA-256 of a token is kept;
 * the token itself is shown once. The current minute's request count is the rate limit.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    scopes: text("scopes").array().$type<ApiScope[]>().notNull(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, so staff can tell tokens apart ("frt_Ab12Cd34"). */
    prefix: text("prefix").notNull(),
    createdById: text("created_by_id"),
    createdByEmail: text("created_by_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedByEmail: text("revoked_by_email"),
    /** The minute the count below belongs to (fixed one-minute windows). */
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }),
    windowCount: integer("window_count").notNull().default(0),
  },
  (table) => [index("api_tokens_created_at_idx").on(table.createdAt)],
);
