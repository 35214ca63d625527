import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";

/**
 * The types Drizzle reads as text and converts itself: timestamp, timestamptz, interval, date,
 * and the arrays numeric[], timestamp[], timestamptz[], interval[] and date[].
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

type Queryable = Pick<Transaction, "query">;

/**
 * The PGlite client Drizzle is given (decision 735). Drizzle passes the same nine parsers,
 * one for each of TEXT_TYPES and each returning the text as it came, with every query; PGlite
 * copies them into a new map with its own ~320 parsers for each query, which cost more
 * (0.1–0.2 ms) than an indexed lookup itself. The instance reads those types as text once and
 * for all here, and a query whose parsers are only those is sent without them: the same rows,
 * without the copy. Any other parsers still go with their query.
 */
export function withTextTypes(client: PGlite): PGlite {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  const queryOf =
    (target: Queryable): Queryable["query"] =>
    (text, params, options) =>
      target.query(
        text,
        params,
        onlyTextTypes(options) ? { ...options, parsers: undefined } : options,
      );
  // Only what Drizzle calls: a query, and a transaction whose queries go the same way.
  const forDrizzle: Pick<PGlite, "query" | "transaction"> = {
    query: queryOf(client),
    transaction: (work) =>
      client.transaction((tx) => work(Object.assign(Object.create(tx), { query: queryOf(tx) }))),
  };
  return forDrizzle as PGlite;
}

function onlyTextTypes(options: QueryOptions | undefined) {
  const parsers = options?.parsers;
  if (!parsers) return false;
  for (const [type, parse] of Object.entries(parsers))
    if (!TEXT_TYPES.includes(Number(type)) || parse("x", Number(type)) !== "x") return false;
  return true;
}
