import { randomUUID } from "node:crypto";
import { passkey } from "@better-auth/passkey";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
// The build without Kysely (we give it the Drizzle adapter) and only the plugins used: the
// whole package and every plugin took a second of each start (decision 731).
import { betterAuth } from "better-auth/minimal";
import { admin } from "better-auth/plugins/admin";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Db } from "#server/db/client.ts";
import {
  authAccounts,
  authPasskeys,
  authRateLimits,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
} from "#server/db/schema/auth.ts";
import type { Env } from "#server/env.ts";
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from "./password";

process.env.BETTER_AUTH_TELEMETRY = "0";

/** Better Auth sees the client address only through this header, which our server sets itself. */
export const CLIENT_ADDRESS_HEADER = "x-frontier-client-address";
export const AUTH_BASE_PATH = "/api/auth";
/** The name an authenticator app shows beside the account. */
export const TWO_FACTOR_ISSUER = "Frontier";
export const RECOVERY_CODE_COUNT = 10;
/** Better Auth's cookie that carries a password sign-in waiting for its code. */
export const TWO_FACTOR_COOKIE = "two_factor";

export type AuthEnv = Pick<
  Env,
  "PUBLIC_URL" | "AUTH_SECRET" | "SESSION_MAX_HOURS" | "SESSION_IDLE_MINUTES"
>;

/** The session cookie: `__Host-` prefixed and Secure when PUBLIC_URL is https. */
export function sessionCookieName(env: Pick<Env, "PUBLIC_URL">) {
  return isHttps(env) ? "__Host-frontier.session" : "frontier.session";
}

function isHttps(env: Pick<Env, "PUBLIC_URL">) {
  return env.PUBLIC_URL.startsWith("https://");
}

function createAuth(db: Db, env: AuthEnv) {
  const secure = isHttps(env);
  return betterAuth({
    appName: "Frontier",
    baseURL: env.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret: env.AUTH_SECRET,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        rateLimit: authRateLimits,
        twoFactor: authTwoFactors,
        passkey: authPasskeys,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts come from the shell, the first-run link and team invitations only.
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: {
      // Absolute lifetime; the idle time-out is checked by the guard (server/auth/session.ts).
      expiresIn: Math.round(env.SESSION_MAX_HOURS * 3600),
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
      // Read with the session, so the guard's idle check asks the database nothing more.
      additionalFields: { lastSeenAt: { type: "date", required: false, input: false } },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 60,
    },
    // Our /login action is the only way to sign in: it applies the brute-force limits.
    disabledPaths: [
      "/sign-up/email",
      "/sign-in/email",
      "/request-password-reset",
      "/reset-password",
      "/forget-password",
      "/change-email",
      "/update-user",
      "/delete-user",
    ],
    trustedOrigins: [env.PUBLIC_URL],
    advanced: {
      useSecureCookies: false,
      cookies: {
        session_token: {
          name: sessionCookieName(env),
          attributes: { secure, httpOnly: true, sameSite: "lax", path: "/" },
        },
      },
      defaultCookieAttributes: { secure, httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      database: { generateId: () => randomUUID() },
    },
    plugins: [
      admin({ defaultRole: "none" }),
      // Authenticator-app codes and recovery codes (decision 212): its endpoints are called
      // from our own routes only, which add the sign-in limits and the audit log.
      twoFactor({
        issuer: TWO_FACTOR_ISSUER,
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT, length: 10 },
      }),
      // Passkeys (decision 213) belong to the site's own host and origin: PUBLIC_URL.
      passkey({
        rpName: TWO_FACTOR_ISSUER,
        rpID: new URL(env.PUBLIC_URL).hostname,
        origin: env.PUBLIC_URL,
      }),
    ],
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One Better Auth per database: the server has one, tests open many.
const instances = new WeakMap<Db, { env: AuthEnv; auth: Auth }>();

/** The Better Auth instance for this request's database. */
export function getAuth({ db, env }: { db: Db; env: AuthEnv }): Auth {
  const cached = instances.get(db);
  if (cached && cached.env === env) return cached.auth;
  const auth = createAuth(db, env);
  instances.set(db, { env, auth });
  return auth;
}

/** The request's headers with the client address Better Auth records on the session. */
export function authHeaders(request: Request, clientAddress: string) {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return headers;
}
