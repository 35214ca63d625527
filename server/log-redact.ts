import { stdSerializers } from "pino";

export const REDACTED = "[redacted]";

/** Field names whose values never reach a log line, at any depth. */
const SECRET_KEY =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key)$|pass(word|wd|phrase)?$|secret|token|api[-_]?key|private[-_]?key|credential|signature/i;

/** `scheme://user:password@host`: the password goes, the rest (which server) stays. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]*@/gi;

const MAX_DEPTH = 6;
const MIN_SECRET_LENGTH = 8;

/**
 * Takes out of log values what must never be written: fields named like secrets, the
 * password of any URL, and the configured secret values themselves wherever they appear.
 */
export function createRedactor() {
  let secrets: string[] = [];

  const scrub = (text: string) => {
    let result = text.replace(
      URL_CREDENTIALS,
      (_match, before: string) => `${before}:${REDACTED}@`,
    );
    for (const secret of secrets)
      if (result.includes(secret)) result = result.replaceAll(secret, REDACTED);
    return result;
  };

  const redact = (value: unknown, depth = 0, seen = new WeakSet<object>()): unknown => {
    if (typeof value === "string") return scrub(value);
    if (typeof value !== "object" || value === null) return value;
    if (value instanceof Date) return value;
    if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    if (seen.has(value)) return "[circular]";
    if (depth >= MAX_DEPTH) return "[nested too deep]";
    seen.add(value);
    if (value instanceof Error) return redact(stdSerializers.err(value), depth + 1, seen);
    if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, seen));
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      result[key] = SECRET_KEY.test(key) ? REDACTED : redact(item, depth + 1, seen);
    return result;
  };

  return {
    redact,
    scrub,
    /** Values (AUTH_SECRET, passwords inside SMTP_URL or DATABASE_URL...) to blank out of every line. */
    setSecrets(values: Array<string | undefined>) {
      secrets = values.filter(
        (value): value is string => typeof value === "string" && value.length >= MIN_SECRET_LENGTH,
      );
    },
  };
}

type SecretVariable = "AUTH_SECRET" | "S3_SECRET_ACCESS_KEY" | "SMTP_URL" | "DATABASE_URL";

/** The secret values of a configuration: the auth secret, storage keys and URL passwords. */
export function secretsOf(env: Partial<Record<SecretVariable, string>>) {
  // As written in the URL and decoded: either may turn up in an error message.
  const passwordsOf = (url?: string) => {
    try {
      const password = url ? new URL(url).password : "";
      return password ? [password, decodeURIComponent(password)] : [];
    } catch {
      return [];
    }
  };
  return [
    env.AUTH_SECRET,
    env.S3_SECRET_ACCESS_KEY,
    ...passwordsOf(env.SMTP_URL),
    ...passwordsOf(env.DATABASE_URL),
  ];
}
