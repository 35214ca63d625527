import { describe, expect, it } from "vitest";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { startServer } from "#tests/helpers/server.ts";
import { startTcpProxy } from "#tests/helpers/tcp-proxy.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the database going away under traffic", () => {
  it("/healthz answers while the process is up; /readyz while the database is reachable", async () => {
    const server = await startServer();
    try {
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.text()).toBe("ok");
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.text()).toBe("ready");
    } finally {
      await server.stop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "answers 503 with Retry-After while PostgreSQL is away and recovers within 10 s of its return",
    async () => {
      const database = await createTempPostgresDatabase();
      const url = new URL(database.url);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${proxy.port}`;
      const server = await startServer({ env: { DATABASE_URL: url.toString() } });
      try {
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

        proxy.cut();
        const statuses = new Set<number>();
        for (let i = 0; i < 10; i++) {
          for (const path of ["/readyz", "/insights"]) {
            const response = await fetch(`${server.url}${path}`);
            statuses.add(response.status);
            if (response.status === 503) expect(response.headers.get("retry-after")).toBeTruthy();
            expect(response.status, `${path} while the database is away`).not.toBe(500);
          }
          await sleep(50);
        }
        expect(statuses).toContain(503);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

        proxy.restore();
        const restoredAt = Date.now();
        let recovered = false;
        while (Date.now() - restoredAt < 10_000) {
          const [ready, page] = await Promise.all([
            fetch(`${server.url}/readyz`),
            fetch(`${server.url}/insights`),
          ]);
          if (ready.status === 200 && page.status === 200) {
            recovered = true;
            break;
          }
          await sleep(200);
        }
        expect(recovered).toBe(true);
      } finally {
        await server.stop();
        await proxy.close();
        await database.drop();
      }
    },
  );
});
