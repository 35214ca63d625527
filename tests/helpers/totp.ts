import { createHmac } from "node:crypto";

// RFC 6238 (TOTP, SHA-1, 30 s, 6 digits) from an authenticator app's base32 secret, so tests
// compute codes the way a phone does, independently of the server's code.

function base32Decode(text: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code an authenticator app shows for `secret` at `time` (now by default). */
export function totpCode(secret: string, time = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 15;
  const number = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, "0");
}

/**
 * The code the app shows in the next 30-second step: accepted now (the server allows one step
 * either side) and newer than any code used so far in a test, each of which is used once.
 */
export function nextTotpCode(secret: string) {
  return totpCode(secret, Date.now() + 30_000);
}

/** A 6-digit code that is not the right one now (nor in the neighbouring 30-second steps). */
export function wrongTotpCode(secret: string) {
  const valid = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}
