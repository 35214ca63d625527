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
});
