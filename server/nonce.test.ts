import { describe, expect, it } from "vitest";
import { newNonce } from "./nonce";

describe("newNonce", () => {
  it("hands out 16-byte base64 nonces, never the same one twice, across refills of its pool", () => {
    const seen = new Set<string>();
    for (let index = 0; index < 2_000; index++) {
      const nonce = newNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2_000);
  });
});
