import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { issueFormToken } from "#server/antispam/antispam.ts";
import { startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

// The contact form's name goes into the staff notification's subject, which the mailer logs:
// a visitor once wrote a line of their own into the log with a newline in their name.
describe("the server's log", () => {
  it(
    "writes one JSON object per line, a visitor's newlines escaped, with the request's id",
    async () => {
      const server = await startServer();
      try {
        const secret = readFileSync(path.join(server.dataDir, "auth-secret"), "utf8").trim();
        const name = "Mallory\n2026-01-01T00:00:00.000Z WARN  admin password reset for everyone";
        const response = await fetch(`${server.url}/contact`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: server.url,
            "X-Request-Id": "e2e-contact-1",
          },
          body: new URLSearchParams({
            name,
            email: "mallory@example.com",
            service: "other",
            budget: "not-sure",
            timeline: "exploring",
            message: "We would like a website that keeps its logs honest, please.",
            formToken: issueFormToken(secret, Date.now() - 10_000),
            website: "",
          }),
        });
        expect(response.status).toBe(302);
        expect(response.headers.get("x-request-id")).toBe("e2e-contact-1");

        // A page rendered, then the same page from the cache: each answer has its own id.
        const ids = [];
        for (let i = 0; i < 2; i++) {
          const page = await fetch(`${server.url}/about-us`);
          await page.text();
          ids.push(page.headers.get("x-request-id"));
        }
        expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
        expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
        expect(ids[0]).not.toBe(ids[1]);

        const deadline = Date.now() + 10_000;
        while (!server.output().includes("New enquiry from Mallory") && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const lines = server.output().split("\n").filter(Boolean);
        const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(entries.find((entry) => String(entry.msg).includes("is ready on"))).toMatchObject({
          level: "info",
        });
        const enquiry = entries.find((entry) => String(entry.msg).includes("New enquiry from"));
        expect(enquiry?.msg).toContain(name);
        expect(enquiry?.requestId).toBe("e2e-contact-1");
        expect(lines.some((line) => line.startsWith("2026-01-01"))).toBe(false);
      } finally {
        await server.stop();
      }
    },
    budget(120_000),
  );

  it(
    "logs a request that is merely wrong (405, 404) in at most one line, every line JSON",
    async () => {
      const server = await startServer();
      try {
        const before = server.output().split("\n").filter(Boolean).length;
        const form = {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
        };
        const wrong: Array<[string, RequestInit]> = [
          // Pages without an action, as a document and as a data request.
          ["/privacy", { method: "POST", headers: form, body: "a=b" }],
          ["/privacy.data", { method: "POST", headers: form, body: "a=b" }],
          ["/about-us", { method: "POST", headers: form, body: "a=b" }],
          ["/", { method: "PUT", headers: form, body: "a=b" }],
          ["/insights", { method: "DELETE", headers: { Origin: server.url } }],
          // Nothing there.
          ["/no-such-page", {}],
          ["/no-such-page.data", {}],
          ["/insights/no-such-insight", {}],
          ["/admin/no-such-page", {}],
        ];
        const statuses = [];
        for (let round = 0; round < 5; round++)
          for (const [address, init] of wrong) {
            const response = await fetch(`${server.url}${address}`, {
              redirect: "manual",
              ...init,
            });
            await response.arrayBuffer();
            statuses.push(response.status);
          }
        expect(new Set(statuses)).toEqual(new Set([404, 405]));
        // A line written late would still be counted: the server is asked for one more page.
        await (await fetch(`${server.url}/about-us`)).arrayBuffer();
        const lines = server.output().split("\n").filter(Boolean);
        for (const line of lines)
          expect(() => JSON.parse(line), `not JSON: ${line.slice(0, 200)}`).not.toThrow();
        expect(lines.length - before).toBeLessThanOrEqual(statuses.length);
      } finally {
        await server.stop();
      }
    },
    budget(120_000),
  );
});
