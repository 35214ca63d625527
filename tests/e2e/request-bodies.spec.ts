import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { createProject } from "#server/projects/projects.ts";
import {
  ONBOARDING_FILE_TOO_LARGE,
  ONBOARDING_MAX_FILE_BYTES,
} from "#shared/business/onboarding-form.ts";
import { STAFF_PASSWORD, signInCookie, uniqueStaffEmail } from "#tests/helpers/auth.ts";
import { makeClient, staff } from "#tests/helpers/business.ts";
import { testDatabaseKinds } from "#tests/helpers/db.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { multipartHead, residentMemory, streamPost } from "#tests/helpers/stream-post.ts";
import { budget } from "#tests/helpers/time-budget.ts";

// Hostile bodies against the running product (issue "Hardening", item 1): chunked bodies
// with no length, lengths that lie, bodies past every limit, bytes that trickle forever.
// The server must answer 413 with its reason without holding the body in memory, keep no
// file of a refused upload, still take an upload at the limit, and keep answering.

const MB = 1024 * 1024;
/** Resident memory may grow this much for a 300 MB body (it grew by 700 MB to 1.7 GB before). */
const MEMORY_BOUND = 150 * MB;
const BOUNDARY = "----frontier-hostile-body";

function filesUnder(directory: string) {
  try {
    return readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

for (const kind of testDatabaseKinds) {
  describe(`request bodies are bounded [${kind}]`, () => {
    let server: RunningServer;
    let onboardingPath = "";
    let projectId = "";
    let adminCookie = "";
    let dropDatabase = async () => {};
    const rss = () => residentMemory(server.process.pid as number);
    const temporaryFiles = () => filesUnder(path.join(server.dataDir, "tmp"));
    const onboardingFiles = () =>
      filesUnder(path.join(server.dataDir, "uploads", "onboarding", projectId));

    beforeAll(async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-bodies-"));
      let databaseUrl: string | undefined;
      if (kind === "postgres") {
        const temp = await createTempPostgresDatabase();
        databaseUrl = temp.url;
        dropDatabase = temp.drop;
      }
      const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
      const admin = { email: uniqueStaffEmail("admin"), password: STAFF_PASSWORD };
      try {
        await createStaffUser({ db: database.db }, { ...admin, role: "admin", name: "Ada" });
        const client = await makeClient(database.db);
        const project = await createProject({
          db: database.db,
          actor: staff,
          input: {
            name: "Brand refresh",
            clientId: client.id,
            proposalId: null,
            status: "onboarding",
            startDate: null,
            dueDate: null,
            budgetAmount: 0,
            currency: "USD",
            teamMembers: [],
            milestones: [],
          },
        });
        onboardingPath = `/onboarding/${project.onboardingId}`;
        projectId = project.id;
      } finally {
        await database.close();
      }
      server = await startServer({
        dataDir,
        env: { DATABASE_URL: databaseUrl ?? "" },
        timeoutMs: 110_000,
      });
      adminCookie = await signInCookie(server, admin);
      // What the first requests load once (code, caches) is not what is measured below.
      await fetch(`${server.url}/contact`);
      await fetch(`${server.url}${onboardingPath}`);
    }, budget(180_000));

    afterAll(async () => {
      await server?.stop();
      if (server) rmSync(server.dataDir, { recursive: true, force: true });
      await dropDatabase();
    });

    it("answers a chunked 300 MB form sent to /contact 413 with the reason, in bounded memory", async () => {
      const before = rss();
      const answer = await streamPost(`${server.url}/contact`, {
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Transfer-Encoding": "chunked",
          Origin: server.url,
        },
        head: "name=Ada&message=",
        total: 300 * MB,
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatch(/This form is too large to send \(the limit is 64 KB\)/);
      expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
      expect(answer.sent).toBeLessThan(300 * MB);
      expect(rss() - before).toBeLessThan(MEMORY_BOUND);
      expect(await (await fetch(`${server.url}/healthz`)).text()).toBe("ok");
    });

    it("answers a chunked 300 MB upload to an onboarding link 413 and keeps nothing of it", async () => {
      const before = rss();
      const answer = await streamPost(`${server.url}${onboardingPath}`, {
        headers: {
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Transfer-Encoding": "chunked",
          Origin: server.url,
        },
        head: multipartHead(
          BOUNDARY,
          { intent: "upload" },
          { field: "file", name: "brand.pdf", type: "application/pdf" },
        ).concat("%PDF-1.7\n"),
        total: 300 * MB,
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toContain(ONBOARDING_FILE_TOO_LARGE);
      expect(rss() - before).toBeLessThan(MEMORY_BOUND);
      expect(onboardingFiles()).toEqual([]);
      // The partial file written while the body arrived is removed once the request ends.
      await expect.poll(temporaryFiles, { timeout: budget(10_000) }).toEqual([]);
      expect(await (await fetch(`${server.url}/healthz`)).text()).toBe("ok");
    });

    it("refuses a declared length past the limit at once; a length that lies small gets nothing more read", async () => {
      const declared = await streamPost(`${server.url}/contact`, {
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(300 * MB),
          Origin: server.url,
        },
        total: 300 * MB,
      });
      expect(declared.status).toBe(413);
      expect(declared.body).toMatch(/too large to send/);
      expect(declared.sent).toBeLessThan(300 * MB);

      // The server reads exactly the 100 bytes declared; what follows is not a body but a
      // broken next request, which closes the connection (with or without an answer first).
      const before = rss();
      const lie = await streamPost(`${server.url}/contact`, {
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": "100",
          Origin: server.url,
        },
        total: 100 * MB,
      }).catch((error: NodeJS.ErrnoException) => error);
      if (lie instanceof Error) expect(lie.code).toMatch(/^(ECONNRESET|EPIPE)$/);
      else expect(lie.status).toBeGreaterThanOrEqual(400);
      if (!(lie instanceof Error)) expect(lie.status).toBeLessThan(500);
      expect(rss() - before).toBeLessThan(MEMORY_BOUND);
      expect(await (await fetch(`${server.url}/healthz`)).text()).toBe("ok");
    });

    it("takes an onboarding file of exactly 10 MB, streamed, and refuses one byte more", async () => {
      const upload = (size: number) =>
        streamPost(`${server.url}${onboardingPath}`, {
          headers: {
            "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
            "Transfer-Encoding": "chunked",
            Origin: server.url,
          },
          head: multipartHead(
            BOUNDARY,
            { intent: "upload" },
            { field: "file", name: "brand.pdf", type: "application/pdf" },
          ).concat("%PDF-1.7\n"),
          total: size - "%PDF-1.7\n".length,
          fill: 0x20,
          tail: `\r\n--${BOUNDARY}--\r\n`,
        });
      const accepted = await upload(ONBOARDING_MAX_FILE_BYTES);
      expect(accepted.status, accepted.body).toBe(302);
      expect(accepted.headers.location).toMatch(new RegExp(`^${onboardingPath}\\?step=`));
      expect(onboardingFiles()).toHaveLength(1);

      const refused = await upload(ONBOARDING_MAX_FILE_BYTES + 1);
      expect(refused.status).toBe(413);
      expect(refused.body).toContain(ONBOARDING_FILE_TOO_LARGE);
      expect(onboardingFiles()).toHaveLength(1);
      await expect.poll(temporaryFiles, { timeout: budget(10_000) }).toEqual([]);
    });

    it("streams a 150 MB podcast episode to storage instead of holding it in memory", async () => {
      const before = rss();
      const size = 150 * MB;
      const answer = await streamPost(`${server.url}/admin/media/upload`, {
        headers: {
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Transfer-Encoding": "chunked",
          Origin: server.url,
          Cookie: adminCookie,
        },
        head: multipartHead(
          BOUNDARY,
          { kind: "audio", alt: "" },
          { field: "file", name: "episode.mp3", type: "audio/mpeg" },
        ).concat("ID3"),
        total: size - 3,
        fill: 0,
        tail: `\r\n--${BOUNDARY}--\r\n`,
      });
      expect(answer.status, answer.body).toBe(200);
      const media = JSON.parse(answer.body).media as { url: string };
      expect(media.url).toMatch(/^\/uploads\/audio\/[0-9a-f]{32}\.mp3$/);
      expect(rss() - before).toBeLessThan(100 * MB);
      const stored = await fetch(`${server.url}${media.url}`, { method: "HEAD" });
      expect(stored.headers.get("content-length")).toBe(String(size));
      await expect.poll(temporaryFiles, { timeout: budget(10_000) }).toEqual([]);
    });
  });
}

describe("bytes that trickle forever", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ env: { REQUEST_TIMEOUT_SECONDS: "2" } });
  }, budget(120_000));
  afterAll(async () => {
    await server?.stop();
  });

  /** Opens a connection, sends `start`, then one more byte of `drip` every 100 ms until closed. */
  function trickle(start: string, drip: string) {
    return new Promise<string>((resolve) => {
      const socket = net.connect(server.port, "127.0.0.1");
      let received = "";
      let index = 0;
      const timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip[index++ % drip.length]);
      }, 100);
      socket.on("data", (chunk) => {
        received += chunk;
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        resolve(received);
      });
      socket.write(start);
    });
  }

  it(
    "ends a request whose body never finishes with 408",
    async () => {
      const answer = await trickle(
        "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n",
        "1\r\na\r\n",
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(await (await fetch(`${server.url}/healthz`)).text()).toBe("ok");
    },
    budget(30_000),
  );

  it(
    "ends a request whose headers never finish",
    async () => {
      const answer = await trickle("GET / HTTP/1.1\r\nHost: localhost\r\n", "X-Drip: aaaa\r\n");
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    },
    budget(30_000),
  );
});
