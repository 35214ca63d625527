import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "#server/env.ts";
import { hashPassword, verifyPassword } from "./password";

const setting = process.env.PASSWORD_HASH_COST;
afterEach(() => {
  if (setting === undefined) delete process.env.PASSWORD_HASH_COST;
  else process.env.PASSWORD_HASH_COST = setting;
});

/** The scheme and scrypt parameters a stored hash records ("scrypt$N$r$p"). */
const parameters = (hash: string) => hash.split("$").slice(0, 4).join("$");

describe("password hashes", () => {
  it("hash with scrypt at N = 2^17 unless PASSWORD_HASH_COST says otherwise", async () => {
    delete process.env.PASSWORD_HASH_COST;
    const hash = await hashPassword("correct horse battery");
    expect(parameters(hash)).toBe("scrypt$131072$8$1");
    expect(await verifyPassword({ hash, password: "correct horse battery" })).toBe(true);
    expect(await verifyPassword({ hash, password: "correct horse battery!" })).toBe(false);
  }, 60_000);

  it("take a new cost for new hashes, and verify each stored hash at the cost it records", async () => {
    process.env.PASSWORD_HASH_COST = "14";
    const cheap = await hashPassword("a password made cheaply");
    expect(parameters(cheap)).toBe("scrypt$16384$8$1");
    process.env.PASSWORD_HASH_COST = "15";
    const dearer = await hashPassword("a password made later");
    expect(parameters(dearer)).toBe("scrypt$32768$8$1");
    expect(await verifyPassword({ hash: cheap, password: "a password made cheaply" })).toBe(true);
    expect(await verifyPassword({ hash: cheap, password: "a password made later" })).toBe(false);
    expect(await verifyPassword({ hash: dearer, password: "a password made later" })).toBe(true);
  });

  it("refuse to start with a cost below scrypt's floor, above 18 or not a whole number", () => {
    for (const value of ["13", "19", "16.5", "fast"])
      expect(() => parseEnv({ PASSWORD_HASH_COST: value })).toThrow(
        "Invalid configuration: PASSWORD_HASH_COST must be a whole number from 14 to 18",
      );
    expect(parseEnv({ PASSWORD_HASH_COST: "" }).PASSWORD_HASH_COST).toBe(17);
    expect(parseEnv({ PASSWORD_HASH_COST: "18" }).PASSWORD_HASH_COST).toBe(18);
  });
});
