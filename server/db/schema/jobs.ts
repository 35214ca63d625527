import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Background work, claimed with FOR UPDATE SKIP LOCKED so several instances can share it. */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status")
      .$type<"pending" | "running" | "done" | "failed">()
      .notNull()
      .default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    /** End of the running job's lease, renewed by its runner's heartbeat while it runs. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The runner (host, process, start) holding the lease. */
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /** At most one job per key: recurring slots and "only once" work use it. */
    uniqueKey: text("unique_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("jobs_due_idx").on(table.status, table.runAt),
    index("jobs_locked_by_idx").on(table.lockedBy).where(sql`${table.lockedBy} is not null`),
  ],
);
