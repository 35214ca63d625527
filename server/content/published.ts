import { and, eq, isNull, lte, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

type Publishable = { status: PgColumn; publishedAt: PgColumn };

/** Live on the public site: published, and not dated in the future. */
export function isLive(table: Publishable, now = new Date()): SQL {
  return and(
    eq(table.status, "published"),
    or(isNull(table.publishedAt), lte(table.publishedAt, now)),
  ) as SQL;
}

export type Page<T> = { items: T[]; page: number; pageCount: number; total: number };
