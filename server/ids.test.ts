import { describe, expect, it } from "vitest";
import { isUuid, requireIdParam } from "./ids";

describe("row ids", () => {
  it("accepts a uuid in either case and nothing merely as long as one", () => {
    expect(isUuid("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(true);
    expect(isUuid("0F8FAD5B-D9CB-469F-A165-70867728950E")).toBe(true);
    expect(isUuid("-".repeat(36))).toBe(false);
    expect(isUuid("0f8fad5b-d9cb-469f-a165-70867728950e ")).toBe(false);
    expect(isUuid("0f8fad5bd9cb469fa16570867728950e")).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });

  it("answers a route parameter that is not an id with 404", () => {
    expect(requireIdParam("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(
      "0f8fad5b-d9cb-469f-a165-70867728950e",
    );
    const failure = (() => {
      try {
        requireIdParam("-".repeat(36));
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(Response);
    expect((failure as Response).status).toBe(404);
  });
});
