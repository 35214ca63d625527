import { describe, expect, it } from "vitest";
import { acceptsGzip, preferredEncoding } from "./accept-encoding";

describe("acceptsGzip", () => {
  it("reads Accept-Encoding as browsers and proxies send it", () => {
    for (const header of ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*", "GZIP"])
      expect(acceptsGzip(header), header).toBe(true);
    for (const header of [undefined, "", "br", "identity", "gzip;q=0", "deflate, gzip;q=0.0"])
      expect(acceptsGzip(header), String(header)).toBe(false);
  });
});

describe("preferredEncoding", () => {
  it("takes the highest q-value, brotli before gzip before identity on a tie", () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, "identity"],
      ["", "identity"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
      ["br;q=0.5, gzip", "gzip"],
      ["gzip;q=0.2, br;q=0.8", "br"],
      ["gzip;q=0.5, identity", "identity"],
      ["gzip;q=0, br;q=0", "identity"],
      ["*", "br"],
      ["*;q=0.5, br;q=0", "gzip"],
      ["deflate", "identity"],
      ["BR", "br"],
      ["gzip;q=abc", "identity"],
    ];
    for (const [header, expected] of cases)
      expect(preferredEncoding(header), String(header)).toBe(expected);
  });
});
