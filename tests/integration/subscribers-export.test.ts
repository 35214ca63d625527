import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import * as exportRoute from "#app/routes/resources/subscribers-export.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { parseCsv } from "#server/marketing/csv.ts";
import { subscriberCsvChunks } from "#server/marketing/subscribers.ts";
import { authContext, cookieOf, siteRequest, testAuthEnv } from "#tests/helpers/auth-context.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

// The subscriber export is streamed in keyset batches (decision 749): every row comes out
// once, whichever batch it falls in, formulas stay defused, and only admins get it.

const env = testAuthEnv();

describeEachDatabase("subscriber export stream", (get) => {
  const tag = `export-${randomUUID().slice(0, 8)}`;
  const emails: string[] = [];
  const cookies: Record<"admin" | "clientManager", string> = { admin: "", clientManager: "" };

  beforeAll(async () => {
    const rows = Array.from({ length: 53 }, (_, index) => ({
      email: `${tag}-${String(index).padStart(3, "0")}@example.com`,
      name: index === 7 ? "=HYPERLINK(1)" : index === 8 ? 'Doe, "Jane"' : `Person ${index}`,
      tags: [tag],
      status: "confirmed" as const,
      source: "import",
      unsubscribeToken: randomBytes(24).toString("base64url"),
    }));
    await get().db.insert(subscribers).values(rows);
    emails.push(...rows.map((row) => row.email));
    for (const role of ["admin", "clientManager"] as const) {
      const email = `${role}-${tag}@frontier.test`;
      await createStaffUser({ db: get().db }, { email, password: "export walk password", role });
      const { headers } = await signIn(authContext(get(), env), {
        email,
        password: "export walk password",
        request: siteRequest("/login"),
      });
      cookies[role] = cookieOf(headers);
    }
  }, 60_000);

  async function linesOf(pieces: AsyncIterable<string>) {
    const chunks: string[] = [];
    for await (const piece of pieces) chunks.push(piece);
    return { chunks, table: parseCsv(chunks.join("")).map((row) => row.cells) };
  }

  async function* textOf(stream: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      yield decoder.decode(read.value, { stream: true });
  }

  for (const batchSize of [1, 7, 53, 1000]) {
    it(`sends every row once in batches of ${batchSize}`, async () => {
      const { chunks, table } = await linesOf(
        subscriberCsvChunks({ db: get().db, tag, batchSize }),
      );
      expect(table[0]).toEqual([
        "email",
        "name",
        "tags",
        "status",
        "source",
        "subscribed",
        "confirmed",
        "unsubscribed",
      ]);
      expect(table.slice(1).map((cells) => cells[0])).toEqual(emails);
      // The header, then one piece a batch (a last, short or empty, batch ends it).
      expect(chunks.length).toBe(1 + Math.ceil(emails.length / batchSize));
      expect(table[8][1]).toBe("'=HYPERLINK(1)");
      expect(table[9][1]).toBe('Doe, "Jane"');
    });
  }

  it("keeps the filter across batches", async () => {
    const { table } = await linesOf(
      subscriberCsvChunks({ db: get().db, tag, q: `${tag}-01`, batchSize: 3 }),
    );
    expect(table.slice(1).map((cells) => cells[0])).toEqual(
      emails.filter((email) => email.startsWith(`${tag}-01`)),
    );
  });

  async function download(cookie?: string) {
    const request = siteRequest(`/admin/subscribers/export?tag=${tag}`, { cookie });
    return exportRoute
      .loader({
        request,
        url: new URL(request.url),
        context: authContext(get(), env),
        params: {},
      } as never)
      .catch((thrown: unknown) => thrown as Response);
  }

  it("streams the file to an admin, private and never stored", async () => {
    const response = await download(cookies.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.body).toBeInstanceOf(ReadableStream);
    const { table } = await linesOf(textOf(response.body as ReadableStream<Uint8Array>));
    expect(table.slice(1).map((cells) => cells[0])).toEqual(emails);
  });

  it("refuses anyone signed out and staff who are not admins", async () => {
    for (const [cookie, to] of [
      [undefined, "/login?"],
      [cookies.clientManager, "/admin"],
    ] as const) {
      const response = await download(cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")?.startsWith(to)).toBe(true);
      expect(response.headers.get("Content-Type") ?? "").not.toContain("csv");
      expect(response.body === null || !(await response.text()).includes(tag)).toBe(true);
    }
  });
});
