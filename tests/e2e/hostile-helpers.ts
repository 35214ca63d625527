import http from "node:http";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { openDatabase } from "#server/db/client.ts";
import type { RunningServer } from "#tests/helpers/server.ts";

/** One request of a hostile run: where it goes and what it carries. */
export type Field = [name: string, value: string];
export type Body =
  | { kind: "urlencoded" | "multipart" | "json"; fields: Field[] }
  | { kind: "raw"; contentType: string | null; raw: string };
export type HostileRequest = { path: string; body: Body; cookie?: string };

let address = 0;
/** A fresh made-up client address per request, so per-address rate limits never kick in. */
export function nextAddress() {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255 || 1}`;
}

function encode(body: Body): { headers: Record<string, string>; payload?: BodyInit } {
  switch (body.kind) {
    case "urlencoded":
      return {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(body.fields).toString(),
      };
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of body.fields) form.append(name, value);
      return { headers: {}, payload: form };
    }
    case "json":
      return {
        headers: { "Content-Type": "application/json" },
        payload: JSON.stringify(Object.fromEntries(body.fields)),
      };
    case "raw":
      return {
        headers: body.contentType ? { "Content-Type": body.contentType } : {},
        payload: body.raw,
      };
  }
}

export type Answer = { status: number; text: string };

/**
 * The connections hostile requests go over: kept alive as a browser's are, but given back
 * after 1 s idle, well before the server's 5 s (+1 s) keep-alive timeout. A loaded client
 * whose own idle timer fires seconds late would otherwise reuse a connection the server has
 * just closed and see a reset that says nothing about the server; here a reset is the server's.
 */
const agent = new http.Agent({ keepAlive: true, timeout: 1000 });

/** Sends one hostile request as a same-origin browser would (Origin header, own address). */
export async function send(server: RunningServer, request: HostileRequest): Promise<Answer> {
  const { headers, payload } = encode(request.body);
  // The body exactly as fetch would send it (a FormData's multipart encoding and boundary).
  const encoded = new Request(server.url, { method: "POST", headers, body: payload });
  const body = Buffer.from(await encoded.arrayBuffer());
  const contentType = encoded.headers.get("content-type");
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${server.url}${request.path}`,
      {
        method: "POST",
        agent,
        headers: {
          ...(contentType ? { "Content-Type": contentType } : {}),
          "Content-Length": String(body.length),
          Origin: server.url,
          "X-Forwarded-For": nextAddress(),
          ...(request.cookie ? { Cookie: request.cookie } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** A short, printable description of a request for failure messages. */
export function describeRequest(request: HostileRequest) {
  const body =
    request.body.kind === "raw"
      ? `${request.body.contentType}: ${request.body.raw.slice(0, 120)}`
      : `${request.body.kind}: ${request.body.fields
          .map(([name, value]) => `${name}=${JSON.stringify(value.slice(0, 40))}(${value.length})`)
          .join(" ")}`;
  return `POST ${request.path} ${body}`;
}

/** Sends a batch with modest concurrency; returns the answers in order. */
export async function sendAll(
  server: RunningServer,
  requests: HostileRequest[],
  concurrency = 6,
): Promise<Answer[]> {
  const answers: Answer[] = new Array(requests.length);
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const index = next++;
      answers[index] = await send(server, requests[index]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
  return answers;
}

/** Row counts of every table, read straight from a stopped server's PGlite directory. */
export async function tableCounts(dataDir: string) {
  const database = await openDatabase({ dataDir, migrate: false });
  try {
    const tables = (await database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: Array<{ tablename: string }> };
    const counts: Record<string, number> = {};
    for (const { tablename } of tables.rows) {
      const result = (await database.db.execute(
        sql.raw(`select count(*)::int as n from "${tablename}"`),
      )) as unknown as { rows: Array<{ n: number }> };
      counts[tablename] = Number(result.rows[0].n);
    }
    return counts;
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------
// Generators

const controlChars = fc
  .array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 20 })
  .map((codes) => String.fromCharCode(...codes));

/** Values nobody should ever have to handle, but every form must survive. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  controlChars,
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\uFEFF",
    "\u202Eevil",
    "\uD800",
    "NaN",
    "Infinity",
    "-1",
    "-0",
    "1e309",
    "99999999999999999999999",
    "0x1F",
    "2026-13-45",
    "9999-12-31T23:59:59Z",
    "0000-00-00",
    "true",
    "null",
    "undefined",
    "[object Object]",
    "__proto__",
    "constructor",
    "' OR '1'='1' --",
    "'; drop table auth_users; --",
    "../../../../etc/passwd",
    "%00",
    "%ZZ",
    "$" + "{7*7}",
    "{{7*7}}",
    "<script>window.__xss=1</script>",
    '"><img src=x onerror="window.__xss=1">',
    "javascript:window.__xss=1",
    "00000000-0000-0000-0000-000000000000",
    "not-a-uuid",
    "a@b",
    "x@example.com",
    "ОЛЕГ@пример.рф",
  ),
  fc.integer({ min: 1, max: 6 }).map((power) => "Z".repeat(10 ** power / 10 + 7)),
  fc.nat({ max: 12_000 }).map((length) => "é𝕏\u0301".repeat(length)),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.uuid(),
);

/** A value for one named field: hostile, repeated (an array), or the known good one. */
export function fieldArb(name: string, good: string[]): fc.Arbitrary<Field[]> {
  const single = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: good.length ? 2 : 0, arbitrary: fc.constantFrom(...(good.length ? good : [""])) },
  );
  return fc.oneof(
    { weight: 8, arbitrary: single.map((value): Field[] => [[name, value]]) },
    { weight: 1, arbitrary: fc.constant([] as Field[]) },
    {
      weight: 1,
      arbitrary: fc
        .array(single, { minLength: 2, maxLength: 4 })
        .map((values) => values.map((value): Field => [name, value])),
    },
    {
      weight: 1,
      arbitrary: single.map((value): Field[] => [[`${name}[]`, value]]),
    },
  );
}

/** Near-valid fields: the right names, hostile values, some missing, some repeated. */
export function fieldsArb(
  fields: Record<string, string[]>,
  fixed: Field[] = [],
): fc.Arbitrary<Field[]> {
  const parts = Object.entries(fields).map(([name, good]) => fieldArb(name, good));
  return fc
    .tuple(fc.tuple(...parts), fc.array(fc.tuple(hostileString, hostileString), { maxLength: 2 }))
    .map(([values, extra]) => [...fixed, ...values.flat(), ...extra]);
}

/** A body made of those fields in any of the ways a client may send it. */
export function bodyArb(fields: fc.Arbitrary<Field[]>): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 6, arbitrary: fields.map((f): Body => ({ kind: "urlencoded", fields: f })) },
    { weight: 3, arbitrary: fields.map((f): Body => ({ kind: "multipart", fields: f })) },
    { weight: 1, arbitrary: fields.map((f): Body => ({ kind: "json", fields: f })) },
    { weight: 2, arbitrary: garbageBody },
  );
}

/** Bodies that are not forms at all, or broken ones. */
export const garbageBody: fc.Arbitrary<Body> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        null,
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=xyz",
        "multipart/form-data; boundary=",
        "application/json",
        "text/plain",
        "application/xml",
        "image/png",
        "application/octet-stream",
        "text/html; charset=utf-7",
        "application/x-www-form-urlencoded; charset=bogus-charset",
      ),
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.constantFrom(
          "",
          "%",
          "a=%ZZ&b=%E0%A4%A",
          "intent=%00&&&&==&=",
          "=&=&=",
          '{"intent": ["send"], "body": {"$gt": ""}}',
          "[1,2,3]",
          '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsend\r\n',
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
          "--xyz--\r\n",
          '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
        ),
      ),
    )
    .map(([contentType, raw]): Body => ({ kind: "raw", contentType, raw })),
);
