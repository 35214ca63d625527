import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, publicPageHeaderList, securityHeaderList } from "./security-headers";

const hash = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("inlineScriptHashes", () => {
  it("hashes the inline scripts a browser runs, as it parses them", () => {
    const html = [
      "<script>window.a = 1;</script>",
      '<script nonce="x" type="module" async="">import("/b.js");</script>',
      '<script type="text/javascript">c()</script>',
      '<script type="application/ld+json">{"d":1}</script>',
      '<script src="/e.js"></script>',
      "<script>window.a = 1;</script>",
      "<script>f()\r\ng()</script>",
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([
      hash("window.a = 1;"),
      hash('import("/b.js");'),
      hash("c()"),
      hash("f()\ng()"),
    ]);
  });
});

describe("publicPageHeaderList", () => {
  it("allows the hashed scripts and what they load, and no nonce", () => {
    const env = { PUBLIC_URL: "https://x.example" } as Parameters<typeof publicPageHeaderList>[0];
    const headers = new Map(publicPageHeaderList(env, { dev: false })(["sha256-abc"]));
    expect(headers.get("Content-Security-Policy")).toContain(
      "script-src 'self' 'sha256-abc' 'strict-dynamic'",
    );
    expect(headers.get("Strict-Transport-Security")).toBeDefined();
  });

  it("leaves out Cross-Origin-Opener-Policy, which every response with a session keeps", () => {
    const env = { PUBLIC_URL: "https://x.example" } as Parameters<typeof publicPageHeaderList>[0];
    const cached = new Map(publicPageHeaderList(env, { dev: false })(["sha256-abc"]));
    const rendered = new Map(securityHeaderList(env, { dev: false })("n0nce"));
    expect(cached.has("Cross-Origin-Opener-Policy")).toBe(false);
    expect(rendered.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    // Nothing else is given up: the same headers but for the opener policy and the scripts.
    const others = (headers: Map<string, string>) =>
      [...headers.keys()].filter(
        (name) => name !== "Cross-Origin-Opener-Policy" && name !== "Content-Security-Policy",
      );
    expect(others(cached)).toEqual(others(rendered));
    expect(cached.get("X-Frame-Options")).toBe("DENY");
  });
});
