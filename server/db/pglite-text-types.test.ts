import { PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { date, integer, interval, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTextTypes } from "./pglite-text-types";

// Decision 735: Drizzle's queries reach PGlite without their per-query parsers, and every
// value reads as it did with them.

const samples = pgTable("samples", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { mode: "date" }),
  atZone: timestamp("at_zone", { mode: "date", withTimezone: true }),
  atText: timestamp("at_text", { mode: "string" }),
  day: date("day", { mode: "date" }),
  dayText: date("day_text"),
  span: interval("span"),
  amounts: numeric("amounts").array(),
  moments: timestamp("moments", { mode: "date" }).array(),
  days: date("days").array(),
  note: text("note"),
});

const schema = `create table samples (
  id integer primary key, at timestamp, at_zone timestamptz, at_text timestamp, day date,
  day_text date, span interval, amounts numeric[], moments timestamp[], days date[], note text)`;

const row = {
  id: 1,
  at: new Date("2026-03-12T09:30:15.250Z"),
  atZone: new Date("2026-03-12T23:59:59.999Z"),
  atText: "2026-03-12 09:30:15.25",
  day: new Date("2026-03-12T00:00:00.000Z"),
  dayText: "2026-03-12",
  span: "1 day 02:03:04",
  amounts: ["12.50", "0.01"],
  moments: [new Date("2026-01-01T00:00:00.000Z"), new Date("2026-12-31T12:00:00.000Z")],
  days: ["2026-02-28", "2026-03-01"],
  note: "plain",
};

describe("PGlite reads Drizzle's text types once, not per query", () => {
  let plain: PGlite;
  let wrapped: PGlite;
  const sent: Array<QueryOptions | undefined> = [];

  beforeAll(async () => {
    plain = await PGlite.create();
    wrapped = await PGlite.create();
    for (const client of [plain, wrapped]) await client.exec(schema);
    // What the wrapper hands PGlite, recorded on the way through.
    const query = wrapped.query.bind(wrapped);
    wrapped.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      sent.push(options);
      return query(text, params, options);
    }) as PGlite["query"];
    const transaction = wrapped.transaction.bind(wrapped);
    wrapped.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        const recorded = Object.assign(Object.create(tx), {
          query: (text: string, params?: unknown[], options?: QueryOptions) => {
            sent.push(options);
            return txQuery(text, params, options);
          },
        });
        return work(recorded);
      })) as PGlite["transaction"];
  });
  afterAll(async () => {
    await plain?.close();
    await wrapped?.close();
  });

  it("gives Drizzle the same values as PGlite with Drizzle's own parsers", async () => {
    const asPublished = drizzle({ client: plain });
    const asWrapped = drizzle({ client: withTextTypes(wrapped) });
    for (const db of [asPublished, asWrapped]) await db.insert(samples).values(row);
    const published = await asPublished.select().from(samples);
    const read = await asWrapped.select().from(samples);
    expect(read).toEqual(published);
    expect(read).toEqual([row]);
    // Raw SQL (Drizzle's object rows) and a transaction's queries too.
    const rawQuery = sql`select at, at_zone, day, span, moments from samples`;
    expect((await asWrapped.execute(rawQuery)).rows).toEqual(
      (await asPublished.execute(rawQuery)).rows,
    );
    const inTransaction = await asWrapped.transaction((tx) => tx.select().from(samples));
    expect(inTransaction).toEqual(published);
  });

  it("sends Drizzle's queries without their parsers, in a transaction too", async () => {
    const db = drizzle({ client: withTextTypes(wrapped) });
    sent.length = 0;
    await db.select().from(samples);
    await db.execute(sql`select 1`);
    expect(sent).toHaveLength(2);
    for (const options of sent) expect(options?.parsers).toBeUndefined();
    expect(sent.map((options) => options?.rowMode)).toEqual(["array", "object"]);

    sent.length = 0;
    await db.transaction(async (tx) => {
      expect(await tx.select({ at: samples.at }).from(samples)).toEqual([{ at: row.at }]);
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.parsers).toBeUndefined();
  });

  it("keeps any other parsers with their query", async () => {
    const client = withTextTypes(wrapped);
    sent.length = 0;
    const upper = (value: string) => value.toUpperCase();
    const result = await client.query<{ note: string }>("select note from samples", [], {
      parsers: { [types.TEXT]: upper },
    });
    expect(result.rows).toEqual([{ note: "PLAIN" }]);
    expect(sent[0]?.parsers?.[types.TEXT]).toBe(upper);
  });
});
