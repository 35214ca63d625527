import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "frontier-env-"));

describe("parseEnv", () => {
  it("gives working defaults for an empty environment", () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("reads the origins staff-given addresses may reach although private (tests)", () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).PRIVATE_FETCH_ORIGINS).toEqual([]);
    expect(
      parseEnv({
        DATA_DIR: dataDir(),
        PRIVATE_FETCH_ORIGINS: "http://127.0.0.1:8080/media, https://[::1]:8443",
      }).PRIVATE_FETCH_ORIGINS,
    ).toEqual(["http://127.0.0.1:8080", "https://[::1]:8443"]);
  });

  it("keeps the generated secret across starts", () => {
    const dir = dataDir();
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(parseEnv({ DATA_DIR: dir }).AUTH_SECRET);
  });

  it.each([
    ["PORT", "abc", /PORT/],
    ["PORT", "70000", /PORT must be between 0 and 65535/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL must be a URL starting with postgres:/],
    ["PUBLIC_URL", "example.com", /PUBLIC_URL/],
    ["SMTP_URL", "http://mail", /SMTP_URL/],
    ["TRUST_PROXY", "maybe", /TRUST_PROXY must be false, true .*"maybe" is none of these/],
    ["TRUST_PROXY", "10.0.0.0/40", /TRUST_PROXY must be .* "10.0.0.0\/40" is none of these/],
    ["TRUST_PROXY", "99", /TRUST_PROXY must be .* 99 is too many/],
    ["AUTH_SECRET", "short", /AUTH_SECRET must be at least 32 characters/],
    ["PRIVATE_FETCH_ORIGINS", "127.0.0.1:80", /PRIVATE_FETCH_ORIGINS must be a comma-separated/],
  ])("a bad %s stops start-up with one line naming it", (name, value, message) => {
    let thrown: unknown;
    try {
      parseEnv({ DATA_DIR: dataDir(), [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).not.toContain("\n");
  });

  it("reads TRUST_PROXY as a hop count or a list of proxies; unset trusts no header", () => {
    const read = (value?: string) => parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: value });
    expect(read().TRUST_PROXY).toEqual({ mode: "none" });
    expect(read("false").TRUST_PROXY).toEqual({ mode: "none" });
    expect(read("true").TRUST_PROXY).toEqual({ mode: "hops", hops: 1 });
    expect(read("2").TRUST_PROXY).toEqual({ mode: "hops", hops: 2 });
    expect(read("10.0.0.0/8, ::1").TRUST_PROXY).toMatchObject({ mode: "addresses" });
  });

  it("trims a trailing slash from PUBLIC_URL", () => {
    expect(parseEnv({ DATA_DIR: dataDir(), PUBLIC_URL: "https://frontier.dev/" }).PUBLIC_URL).toBe(
      "https://frontier.dev",
    );
  });
});
