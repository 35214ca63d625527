import { describe, expect, it } from "vitest";
import { isSameOrigin, isTokenApiPath } from "./csrf";

const env = { PUBLIC_URL: "https://frontier.example" };
const post = (headers: Record<string, string>) => ({ method: "POST", headers });

describe("CSRF check", () => {
  it("leaves the token API alone: it never reads cookies", () => {
    expect(isTokenApiPath("/api/v1/leads")).toBe(true);
    expect(isTokenApiPath("/api/v1")).toBe(true);
    expect(isTokenApiPath("/api/v10/leads")).toBe(false);
    expect(isTokenApiPath("/api/chat")).toBe(false);
  });
  it("lets reads through whatever their origin", () => {
    expect(isSameOrigin(env, { method: "GET", headers: { origin: "https://evil.example" } })).toBe(
      true,
    );
  });
  it("accepts same-origin posts by PUBLIC_URL or by Host", () => {
    expect(isSameOrigin(env, post({ origin: "https://frontier.example" }))).toBe(true);
    expect(
      isSameOrigin(env, post({ origin: "http://127.0.0.1:4000", host: "127.0.0.1:4000" })),
    ).toBe(true);
    expect(
      isSameOrigin(
        env,
        post({ "sec-fetch-site": "same-origin", origin: "https://frontier.example" }),
      ),
    ).toBe(true);
    expect(isSameOrigin(env, post({}))).toBe(true);
  });
  it("refuses cross-site posts", () => {
    expect(
      isSameOrigin(env, post({ origin: "https://evil.example", host: "frontier.example" })),
    ).toBe(false);
    expect(isSameOrigin(env, post({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOrigin(env, post({ "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isSameOrigin(env, post({ origin: "null" }))).toBe(false);
    expect(
      isSameOrigin(env, { method: "DELETE", headers: { origin: "https://evil.example" } }),
    ).toBe(false);
  });
});
