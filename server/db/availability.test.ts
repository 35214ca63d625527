import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./availability";

describe("isDatabaseUnavailable", () => {
  it("recognises lost and refused connections, also wrapped by the ORM", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error("connect"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating"), { code: "57P01" }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") }),
      ),
    ).toBe(true);
  });

  it("counts a disk too full to write as an outage (a 503), not a fault", () => {
    const diskFull = Object.assign(
      new Error('could not extend file "base/5/16385": No space left on device'),
      { code: "53100" },
    );
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: diskFull }))).toBe(true);
  });

  it("leaves query faults alone", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" })),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
