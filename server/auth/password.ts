import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export { PASSWORD_MAX, PASSWORD_MIN } from "#shared/auth-forms.ts";

/**
 * PASSWORD_HASH_COST, the power of two that is scrypt's N for new hashes (decision 831). The
 * default, 17 (Better Auth's own is 14), costs about 128 MiB and a few hundred milliseconds a
 * hash; 14, the floor, 16 MiB and a few tens, which the tests use. Each hash records its own N,
 * so a change applies to new passwords and every stored one still verifies.
 */
export const passwordHashCost = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.coerce
    .number({ error: "must be a whole number from 14 to 18" })
    .int("must be a whole number from 14 to 18")
    .min(14, "must be a whole number from 14 to 18")
    .max(18, "must be a whole number from 14 to 18")
    .default(17),
);

const BLOCK_SIZE = 8;
const PARALLEL = 1;
const KEY_LENGTH = 64;
/** Twice what the largest N allowed needs (128 × N × r bytes), for scrypt's `maxmem`. */
const MAX_MEMORY = 2 * 128 * 2 ** 18 * BLOCK_SIZE;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** "scrypt$N$r$p$salt$key", salt and key in base64url. */
export async function hashPassword(password: string) {
  // Start-up has already refused a bad value (server/env.ts), so this parse cannot fail there.
  const cost = 2 ** passwordHashCost.parse(process.env.PASSWORD_HASH_COST);
  const salt = randomBytes(16);
  const key = await derive(
    password,
    salt,
    { N: cost, r: BLOCK_SIZE, p: PARALLEL, maxmem: MAX_MEMORY },
    KEY_LENGTH,
  );
  return [
    "scrypt",
    cost,
    BLOCK_SIZE,
    PARALLEL,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }) {
  const [scheme, n, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64url"),
    { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY },
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
