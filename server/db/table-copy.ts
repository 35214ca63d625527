// What writing whole tables out and back shares: a backup and its restore, an export and its load.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client";

/** A table's or column's name as SQL, quoted. */
export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Moves every serial and identity sequence of the current schema past the largest value its
 * column holds, after rows went in with their own values (a backup restored, an export loaded).
 * A table's name goes with its schema: the planner may ask for a column's sequence before it
 * filters by schema (the migration record's, in "drizzle"), and an unqualified name off the
 * search path is an error, not a null.
 */
export async function restartSequences(db: Db | Tx) {
  const sequences = await db.execute(sql`
    select table_name, column_name, seq from (
      select table_name, column_name,
        pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as seq
      from information_schema.columns
      where table_schema = current_schema()
    ) as columns
    where seq is not null`);
  for (const row of sequences.rows as Array<{
    table_name: string;
    column_name: string;
    seq: string;
  }>)
    await db.execute(
      sql.raw(
        `select setval('${row.seq}', coalesce((select max(${quoteIdentifier(row.column_name)}) from ${quoteIdentifier(row.table_name)}), 0) + 1, false)`,
      ),
    );
}
