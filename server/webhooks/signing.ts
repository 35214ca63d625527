import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A new endpoint secret: 256 random bits. */
export function createWebhookSecret() {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** Hex HMAC-SHA256 of "<timestamp>.<body>" with the endpoint's secret. */
export function signWebhook({
  secret,
  timestamp,
  body,
}: {
  secret: string;
  timestamp: number;
  body: string;
}) {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The Frontier-Signature header's value. */
export function signatureHeader(options: { secret: string; timestamp: number; body: string }) {
  return `t=${options.timestamp},v1=${signWebhook(options)}`;
}

/**
 * What a receiver does with a delivery (and what our tests do): the header's timestamp must
 * be recent (5 minutes either way, against replays) and one of its v1 signatures must be
 * the HMAC of "t.body" as received, compared in constant time.
 */
export function verifyWebhookSignature({
  secret,
  header,
  body,
  now = Date.now(),
  toleranceSeconds = 300,
}: {
  secret: string;
  header: string | undefined;
  body: string;
  now?: number;
  toleranceSeconds?: number;
}) {
  const parts = (header ?? "").split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook({ secret, timestamp, body }), "hex");
  return parts
    .filter(([key]) => key === "v1")
    .some(([, value]) => {
      const given = Buffer.from(value ?? "", "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
