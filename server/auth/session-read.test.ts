import { describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable } from "#server/db/availability.ts";
import { readSessionTwice } from "./session-read";

const failedToGetSession = () =>
  Object.assign(new Error("Failed to get session"), {
    status: "INTERNAL_SERVER_ERROR",
    body: { code: "FAILED_TO_GET_SESSION", message: "Failed to get session" },
  });
const terminated = () =>
  Object.assign(new Error("terminating connection due to administrator command"), {
    code: "57P01",
  });

describe("readSessionTwice", () => {
  it("reads again when the first read was cut off, without asking the database", async () => {
    const read = vi.fn().mockRejectedValueOnce(failedToGetSession()).mockResolvedValue("session");
    const probe = vi.fn();
    await expect(readSessionTwice(read, probe)).resolves.toBe("session");
    expect(read).toHaveBeenCalledTimes(2);
    expect(probe).not.toHaveBeenCalled();
  });

  it("throws the database's own error when it is away, so the answer is a 503", async () => {
    const read = vi.fn().mockRejectedValue(failedToGetSession());
    const failure = await readSessionTwice(read, () => Promise.reject(terminated())).catch(
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });

  it("lets the failure stand when the database answers, and other errors at once", async () => {
    const read = vi.fn().mockRejectedValue(failedToGetSession());
    const failure = await readSessionTwice(read, async () => ({ rows: [] })).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ body: { code: "FAILED_TO_GET_SESSION" } });
    expect(isDatabaseUnavailable(failure)).toBe(false);

    const other = vi.fn().mockRejectedValue(new Error("boom"));
    await expect(readSessionTwice(other, vi.fn())).rejects.toThrow("boom");
    expect(other).toHaveBeenCalledTimes(1);
  });
});
