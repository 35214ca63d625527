import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import {
  expressTrustProxy,
  limitKeyOf,
  normalizeAddress,
  parseTrustProxy,
  resolveClientAddress,
  type TrustProxy,
} from "./client-address";

function from(peer: string | undefined, forwardedFor?: string | string[]) {
  return {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  };
}

const resolve = (trustProxy: string, peer: string | undefined, forwardedFor?: string | string[]) =>
  resolveClientAddress(from(peer, forwardedFor), parseTrustProxy(trustProxy));

describe("parseTrustProxy", () => {
  it.each([
    ["", "none"],
    ["false", "none"],
    ["0", "none"],
    ["no", "none"],
    ["true", "hops"],
    ["yes", "hops"],
    ["TRUE", "hops"],
  ])("reads %j as %s", (value, mode) => {
    expect(parseTrustProxy(value).mode).toBe(mode);
  });

  it("reads a hop count; true means one hop", () => {
    expect(parseTrustProxy("1")).toEqual({ mode: "hops", hops: 1 });
    expect(parseTrustProxy("3")).toEqual({ mode: "hops", hops: 3 });
    expect(parseTrustProxy("true")).toEqual({ mode: "hops", hops: 1 });
    expect(parseTrustProxy(undefined)).toEqual({ mode: "none" });
  });

  it("reads a list of addresses, CIDRs and the usual range names", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 192.0.2.7,2001:db8::/32, ::1, loopback");
    expect(trust.mode).toBe("addresses");
  });

  it.each([
    "maybe",
    "11",
    "10.0.0.0/33",
    "2001:db8::/129",
    "10.0.0.0/8/1",
    "10.0.0.0/x",
    "10.0.0.1,,10.0.0.2",
    "300.1.1.1",
    "-1",
    "1.5",
  ])("refuses %j with a sentence saying what is allowed", (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/must be false, true .* a number of proxies/);
  });
});

describe("normalizeAddress", () => {
  it.each([
    ["192.0.2.1", "192.0.2.1"],
    [" 192.0.2.1 ", "192.0.2.1"],
    ["192.0.2.1:8080", "192.0.2.1"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::FFFF:192.0.2.1", "192.0.2.1"],
    ["0:0:0:0:0:ffff:192.0.2.1", "192.0.2.1"],
    ["::ffff:c000:201", "192.0.2.1"],
    ["2001:DB8::1", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["fe80::1%eth0", "fe80::1"],
    ["::1", "::1"],
  ])("%j is %j", (text, expected) => {
    expect(normalizeAddress(text)).toBe(expected);
  });

  it.each([
    "",
    "unknown",
    "example.com",
    "192.0.2",
    "192.0.2.256",
    "1.2.3.4.5",
    "<script>",
    "2001:db8::1::2",
    "::1:ffff:192.0.2.1:80",
    "_hidden",
    "192.0.2.1\u0000",
  ])("%j is not an address", (text) => {
    expect(normalizeAddress(text)).toBeUndefined();
  });

  it("keeps an IPv6 address that only looks like it holds IPv4", () => {
    expect(normalizeAddress("::1:ffff:c000:201")).toBe("::1:ffff:c000:201");
    expect(normalizeAddress("64:ff9b::192.0.2.1")).toBe("64:ff9b::192.0.2.1");
  });
});

describe("resolveClientAddress", () => {
  it("without TRUST_PROXY takes the socket's peer and ignores the header", () => {
    expect(resolve("false", "203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
    expect(resolve("", "::ffff:203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
    expect(resolve("false", undefined)).toBe("unknown");
  });

  it("with one hop takes the entry the proxy appended (the right-most), not the left-most", () => {
    // What an appending proxy sends when the client wrote its own X-Forwarded-For.
    expect(resolve("1", "127.0.0.1", "198.51.100.7, 127.0.0.1")).toBe("127.0.0.1");
    expect(resolve("1", "10.0.0.2", "198.51.100.7, 203.0.113.50")).toBe("203.0.113.50");
    expect(resolve("true", "10.0.0.2", "198.51.100.7,203.0.113.50")).toBe("203.0.113.50");
    expect(resolve("1", "10.0.0.2", "203.0.113.50")).toBe("203.0.113.50");
  });

  it("with N hops skips N-1 more entries from the right", () => {
    const header = "198.51.100.1, 203.0.113.50, 10.0.0.9, 10.0.0.8";
    expect(resolve("2", "10.0.0.1", header)).toBe("10.0.0.9");
    expect(resolve("3", "10.0.0.1", header)).toBe("203.0.113.50");
    // Fewer entries than hops: the left-most there is.
    expect(resolve("5", "10.0.0.1", "203.0.113.50, 10.0.0.8")).toBe("203.0.113.50");
  });

  it("with no header behind a trusted proxy takes the proxy itself", () => {
    expect(resolve("1", "10.0.0.2")).toBe("10.0.0.2");
    expect(resolve("1", "10.0.0.2", "")).toBe("10.0.0.2");
    expect(resolve("10.0.0.0/8", "10.0.0.2", "  ")).toBe("10.0.0.2");
  });

  it("reads several X-Forwarded-For headers as one list", () => {
    expect(resolve("1", "10.0.0.2", ["198.51.100.7", "203.0.113.50"])).toBe("203.0.113.50");
    expect(resolve("2", "10.0.0.2", ["198.51.100.7", "203.0.113.50"])).toBe("198.51.100.7");
  });

  it("with a list takes the right-most entry that is not a listed proxy", () => {
    const list = "10.0.0.0/8, 2001:db8:ffff::/48";
    expect(resolve(list, "10.1.2.3", "198.51.100.7, 203.0.113.50, 10.0.0.9")).toBe("203.0.113.50");
    expect(resolve(list, "2001:db8:ffff::1", "2001:db8:1::5, 2001:db8:ffff::2")).toBe(
      "2001:db8:1::5",
    );
    // Every entry a proxy: the left-most.
    expect(resolve(list, "10.1.2.3", "10.0.0.9, 10.0.0.8")).toBe("10.0.0.9");
  });

  it("with a list ignores the header when the peer is not a listed proxy", () => {
    expect(resolve("10.0.0.0/8", "203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
    expect(resolve("loopback", "::1", "198.51.100.7")).toBe("198.51.100.7");
    expect(resolve("loopback", "192.0.2.1", "198.51.100.7")).toBe("192.0.2.1");
  });

  it("matches IPv4-mapped IPv6 peers and entries against IPv4 proxies, and answers IPv4", () => {
    expect(resolve("10.0.0.0/8", "::ffff:10.0.0.2", "::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(resolve("127.0.0.1", "::ffff:127.0.0.1", "198.51.100.7, ::ffff:127.0.0.1")).toBe(
      "198.51.100.7",
    );
  });

  it("accepts IPv6 entries with brackets and ports, and IPv4 entries with ports", () => {
    expect(resolve("1", "10.0.0.2", "198.51.100.7, [2001:DB8::7]:51234")).toBe("2001:db8::7");
    expect(resolve("1", "10.0.0.2", "198.51.100.7:4711")).toBe("198.51.100.7");
  });

  it("stops at the last vouched-for address when the entry to take is garbage", () => {
    expect(resolve("1", "10.0.0.2", "198.51.100.7, unknown")).toBe("10.0.0.2");
    expect(resolve("1", "10.0.0.2", "not-an-address")).toBe("10.0.0.2");
    expect(resolve("2", "10.0.0.2", "198.51.100.7, <script>, 10.0.0.8")).toBe("10.0.0.8");
    expect(resolve("2", "10.0.0.2", "198.51.100.7,, 10.0.0.8")).toBe("10.0.0.8");
    expect(resolve("10.0.0.0/8", "10.0.0.2", "198.51.100.7, 999.1.1.1")).toBe("10.0.0.2");
    // Garbage further left is never reached.
    expect(resolve("1", "10.0.0.2", "garbage, 203.0.113.50")).toBe("203.0.113.50");
  });
});

describe("Express's trust proxy agrees with the resolver", () => {
  it.each([
    ["false", "198.51.100.7"],
    ["1", "198.51.100.7, 203.0.113.50"],
    ["2", "198.51.100.7, 203.0.113.50"],
    ["2", "203.0.113.50"],
    ["loopback", "198.51.100.7, 127.0.0.1"],
    ["10.0.0.0/8", "198.51.100.7"],
  ])("TRUST_PROXY=%j, X-Forwarded-For %j", async (value, forwardedFor) => {
    const trust: TrustProxy = parseTrustProxy(value);
    const app = express();
    app.set("trust proxy", expressTrustProxy(trust));
    app.get("/", (request, response) => {
      response.json({ express: request.ip, ours: resolveClientAddress(request, trust) });
    });
    const server = createServer(app);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "X-Forwarded-For": forwardedFor },
      });
      const { express: viaExpress, ours } = await answer.json();
      expect(normalizeAddress(viaExpress)).toBe(ours);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});

describe("limitKeyOf", () => {
  it("counts an IPv6 client by its /64 network and an IPv4 client by its address", () => {
    expect(limitKeyOf("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:0db8:0001:0002:0:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("[2001:db8:1:2::9]:443")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(limitKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(limitKeyOf("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(limitKeyOf("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(limitKeyOf("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(limitKeyOf("192.0.2.1")).toBe("192.0.2.1");
    expect(limitKeyOf("unknown")).toBe("unknown");
  });
});
