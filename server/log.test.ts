import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log, routeConsoleToLog, setLogFormat, setLogLevel, setLogSecrets } from "./log";
import { formatPretty } from "./log-pretty";
import { runWithRequestId, withRequestId } from "./request-id";

let written: string[] = [];
beforeEach(() => {
  written = [];
  setLogLevel("debug");
  setLogFormat("json");
  setLogSecrets({});
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  setLogLevel("info");
});

/** Everything written, as lines; each must be one JSON object. */
const entries = () =>
  written
    .join("")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const forged = 'Ada\n2026-01-01T00:00:00.000Z WARN  admin password reset\r\n{"level":"error"}';

describe("log lines", () => {
  it("writes a visitor's newlines and level words inside one JSON line", () => {
    log.warn(`mail kept in the Outbox: "New enquiry from ${forged}"`, { name: forged });
    expect(written.join("").split("\n").filter(Boolean)).toHaveLength(1);
    const [entry] = entries();
    expect(entry).toMatchObject({
      level: "warn",
      msg: `mail kept in the Outbox: "New enquiry from ${forged}"`,
      detail: { name: forged },
    });
    expect(typeof entry.time).toBe("string");
    expect(Number.isNaN(Date.parse(String(entry.time)))).toBe(false);
  });

  it("takes printf-like text literally", () => {
    log.info("100%s done %d %j %o");
    expect(entries()[0].msg).toBe("100%s done %d %j %o");
  });

  it("serialises errors with their stack and cause", () => {
    const error = new Error("could not connect", { cause: new Error("refused") });
    log.error("start-up failed", error);
    const [entry] = entries();
    const err = entry.err as { type: string; message: string; stack: string };
    expect(err.type).toBe("Error");
    expect(err.message).toContain("could not connect");
    expect(err.stack).toMatch(/could not connect[\s\S]*at /);
    expect(err.stack).toContain("refused");
  });

  it("leaves out secrets: credential fields, URL passwords and the configured secret values", () => {
    const authSecret = "s3cr3t-auth-value-that-is-long-enough";
    setLogSecrets({
      AUTH_SECRET: authSecret,
      SMTP_URL: "smtps://mailer:p%40ss-word-123@smtp.example.com:465",
      DATABASE_URL: "postgres://app:db-password-9876@db.internal/frontier",
    });
    log.warn(`could not sign with ${authSecret}`, {
      headers: { authorization: "Bearer abc.def", cookie: "session=xyz", accept: "text/html" },
      password: "hunter22",
      resetToken: "t-123",
      nested: [{ AUTH_SECRET: authSecret, apiKey: "k" }],
      SMTP_URL: "smtps://mailer:p%40ss-word-123@smtp.example.com:465",
    });
    log.error(
      "database unreachable",
      new Error("connect postgres://app:db-password-9876@db.internal failed (p@ss-word-123)"),
    );
    const text = written.join("");
    for (const secret of [
      authSecret,
      "abc.def",
      "session=xyz",
      "hunter22",
      "t-123",
      "db-password-9876",
      "p%40ss-word-123",
      "p@ss-word-123",
    ])
      expect(text).not.toContain(secret);
    const [warned, failed] = entries();
    expect(warned.msg).toBe("could not sign with [redacted]");
    expect(warned.detail).toMatchObject({
      headers: { authorization: "[redacted]", cookie: "[redacted]", accept: "text/html" },
      password: "[redacted]",
      resetToken: "[redacted]",
      nested: [{ AUTH_SECRET: "[redacted]", apiKey: "[redacted]" }],
      SMTP_URL: "smtps://mailer:[redacted]@smtp.example.com:465",
    });
    expect((failed.err as { message: string }).message).toBe(
      "connect postgres://app:[redacted]@db.internal failed ([redacted])",
    );
  });

  it("honours the level, silent included", () => {
    setLogLevel("warn");
    log.info("not shown");
    log.debug("not shown");
    log.warn("shown");
    setLogLevel("silent");
    log.error("not shown either");
    expect(entries().map((entry) => entry.msg)).toEqual(["shown"]);
  });

  it("adds the request id to lines written while a request is handled", async () => {
    runWithRequestId("job-7", () => log.info("inside"));
    log.info("outside");
    expect(entries().map((entry) => entry.requestId)).toEqual(["job-7", undefined]);

    written = [];
    const server = createServer(
      withRequestId((request, response) => {
        setTimeout(() => {
          log.info(`handled ${request.url}`);
          response.end("ok");
        }, 1);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const given = await fetch(`${base}/given`, { headers: { "X-Request-Id": "lb-1234.abc" } });
      expect(given.headers.get("x-request-id")).toBe("lb-1234.abc");
      const unsafe = await fetch(`${base}/unsafe`, {
        headers: { "X-Request-Id": '"},{"level":"error" <script>' },
      });
      const made = unsafe.headers.get("x-request-id") ?? "";
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
      const fresh = await fetch(`${base}/fresh`);
      const other = fresh.headers.get("x-request-id");
      expect(other).toMatch(/^[0-9a-f-]{36}$/);
      expect(other).not.toBe(made);
      const byUrl = Object.fromEntries(entries().map((entry) => [entry.msg, entry.requestId]));
      expect(byUrl).toEqual({
        "handled /given": "lb-1234.abc",
        "handled /unsafe": made,
        "handled /fresh": other,
      });
    } finally {
      server.close();
    }
  });

  it("reads as one line per entry in development, newlines shown as escapes", () => {
    setLogFormat("pretty");
    runWithRequestId("r-1", () => log.warn(`hello ${forged}`, new Error("boom")));
    const [line, ...stack] = written.join("").trimEnd().split("\n");
    expect(line).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} WARN {2}hello Ada\\n2026-01-01T00:00:00\.000Z WARN {2}admin password reset\\r\\n\{"level":"error"\} \(r-1\)$/,
    );
    expect(stack[0]).toMatch(/^ {4}Error: boom$/);
    expect(stack.every((part) => part.startsWith("    "))).toBe(true);
    expect(formatPretty("not json\n")).toBe("not json\n");
  });
});

describe("console and warnings through the log", () => {
  const saved = { ...console };
  const listeners = process.listeners("warning");
  afterEach(() => {
    Object.assign(console, saved);
    process.removeAllListeners("warning");
    for (const listener of listeners) process.on("warning", listener);
  });

  it("turns a library's console output and Node's warnings into one JSON line each", async () => {
    routeConsoleToLog();
    console.error(new Error("a stack\nof several lines"));
    console.warn("%s of %d", "one", 2, { detail: true });
    console.log("plain");
    process.emitWarning("careful", "DeprecationWarning");
    await new Promise((resolve) => setImmediate(resolve));
    expect(written.join("").split("\n").filter(Boolean)).toHaveLength(4);
    const [error, warning, plain, deprecation] = entries();
    expect(error).toMatchObject({ level: "error", msg: "a stack\nof several lines" });
    expect((error.err as { stack: string }).stack).toContain("a stack");
    expect(warning).toMatchObject({ level: "warn", msg: "one of 2 { detail: true }" });
    expect(plain).toMatchObject({ level: "info", msg: "plain" });
    expect(deprecation).toMatchObject({ level: "warn", msg: "DeprecationWarning: careful" });
  });
});
