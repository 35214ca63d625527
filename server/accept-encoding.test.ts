import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./accept-encoding";

describe("acceptsGzip", () => {
  it("reads Accept-Encoding as browsers and proxies send it", () => {
    for (const header of ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*", "GZIP"])
      expect(acceptsGzip(header), header).toBe(true);
    for (const header of [undefined, "", "br", "identity", "gzip;q=0", "deflate, gzip;q=0.0"])
      expect(acceptsGzip(header), String(header)).toBe(false);
  });
});
