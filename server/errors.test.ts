import { describe, expect, it } from "vitest";
import { AppError, errorResponse, NOT_SAVED_MESSAGE } from "./errors";

describe("errorResponse", () => {
  it("answers a refusal with its code's status and message", () => {
    const answer = errorResponse(
      new AppError("RATE_LIMITED", "Slow down.", { retryAfterSeconds: 9 }),
    );
    expect(answer.init?.status).toBe(429);
    expect(answer.data).toEqual({ ok: false, error: "Slow down.", fieldErrors: undefined });
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("9");
  });

  it("answers a database that is away or too full to write 503, saying nothing was saved", () => {
    for (const cause of [
      Object.assign(new Error("terminating connection"), { code: "57P01" }),
      Object.assign(new Error("could not extend file: No space left on device"), {
        code: "53100",
      }),
    ]) {
      const answer = errorResponse(new Error("Failed query", { cause }));
      expect(answer.init?.status).toBe(503);
      expect(answer.data).toEqual({ ok: false, error: NOT_SAVED_MESSAGE });
      expect(new Headers(answer.init?.headers).get("Retry-After")).toBeTruthy();
    }
  });

  it("keeps a refusal's own sentence when its cause looks like an outage (S3 out of reach)", () => {
    const refusal = new AppError("UNAVAILABLE", "File storage could not be reached.");
    refusal.cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const answer = errorResponse(refusal);
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toMatchObject({ error: "File storage could not be reached." });
  });

  it("rethrows anything else", () => {
    const fault = new Error("boom");
    expect(() => errorResponse(fault)).toThrow(fault);
  });
});
