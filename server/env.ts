import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { passwordHashCost } from "./auth/password";
import { parseTrustProxy } from "./client-address";

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** A hop count or the proxies' addresses (server/client-address.ts, decision 210). */
const trustProxy = z
  .string()
  .optional()
  .transform((value, context) => {
    try {
      return parseTrustProxy(value);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });

const urlString = (protocols: string[]) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .optional()
    .refine(
      (value) => {
        if (!value) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.join(" or ")}//` },
    );

/** Comma-separated http(s) origins, each kept as `scheme://host[:port]`. */
const originList = z
  .string()
  .optional()
  .transform((value, context) => {
    const origins: string[] = [];
    for (const item of (value ?? "").split(",").map((part) => part.trim())) {
      if (!item) continue;
      const url = URL.canParse(item) ? new URL(item) : undefined;
      if (!url || !["http:", "https:"].includes(url.protocol)) {
        context.addIssue({
          code: "custom",
          message: "must be a comma-separated list of http:// or https:// origins",
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().trim().default("0.0.0.0"),
  PUBLIC_URL: urlString(["http:", "https:"]),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: urlString(["postgres:", "postgresql:"]),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: urlString(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().trim().default("Frontier <hello@frontier.localhost>"),
  STAFF_EMAIL: z.string().trim().email("must be an email address").optional(),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: urlString(["http:", "https:"]),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  TRUST_PROXY: trustProxy,
  SESSION_MAX_HOURS: z.coerce
    .number({ error: "must be a number of hours" })
    .positive("must be more than 0")
    .max(24 * 30, "must be at most 720")
    .default(12),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: "must be a number of minutes" })
    .positive("must be more than 0")
    .max(24 * 60, "must be at most 1440")
    .default(30),
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(3600, "must be at most 3600")
    .default(600),
  /** The public forms refuse what is sent sooner than this after the visitor starts filling. */
  FORM_MIN_FILL_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .min(0, "must be 0 or more")
    .max(600, "must be at most 600")
    .default(3),
  YOUTUBE_FEED_URL: urlString(["http:", "https:"]),
  /** The header a proxy in front puts the visitor's country in (analytics); empty: none. */
  ANALYTICS_COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{0,64}$/, "must be a header name (letters, digits and dashes) or empty")
    .default("cf-ipcountry"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** scrypt's N for new password hashes, as a power of two (server/auth/password.ts). */
  PASSWORD_HASH_COST: passwordHashCost,
  /** For tests only: origins of local servers that staff-given addresses may reach (decision 508). */
  PRIVATE_FETCH_ORIGINS: originList,
});

export type Env = z.infer<typeof envSchema> & {
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  DATA_DIR: string;
};

export class ConfigError extends Error {}

/**
 * Parses the environment. A bad value throws a ConfigError whose message is
 * one line naming the variable, so start-up can print it and stop.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "configuration");
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    AUTH_SECRET: env.AUTH_SECRET ?? readOrCreateSecret(dataDir),
  };
}

/** Without AUTH_SECRET a secret is made on first run and kept in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
