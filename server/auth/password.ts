import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

export { PASSWORD_MAX, PASSWORD_MIN } from "#shared/auth-forms.ts";

// scrypt with N=2^17 (Better Auth's own default is 2^14): about 128 MiB and a few
// hundred milliseconds per hash, run on the libuv pool so requests keep flowing.
const COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLEL = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** "scrypt$N$r$p$salt$key", salt and key in base64url. */
export async function hashPassword(password: string) {
  const salt = randomBytes(16);
  const key = await derive(
    password,
    salt,
    { N: COST, r: BLOCK_SIZE, p: PARALLEL, maxmem: MAX_MEMORY },
    KEY_LENGTH,
  );
  return [
    "scrypt",
    COST,
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
