import { toNodeHandler } from "better-auth/node";
import type { RequestHandler } from "express";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER, getAuth } from "./auth";

/**
 * The Better Auth endpoints a browser may call directly. Everything that signs
 * in, changes an account or a role goes through our own routes instead, which
 * apply the brute-force limits and write the audit log (decision 200).
 */
export const PUBLIC_AUTH_PATHS = new Set([
  "/ok",
  "/get-session",
  "/sign-out",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
]);

/** Better Auth under /api/auth, with its rate limits kept in the database. */
export function authHandler({
  db,
  env,
  clientAddress,
}: {
  db: Db;
  env: Env;
  clientAddress: (request: Parameters<RequestHandler>[0]) => string;
}): RequestHandler {
  const handler = toNodeHandler(getAuth({ db, env }));
  return (request, response) => {
    const path = request.path.slice(AUTH_BASE_PATH.length).replace(/\/+$/, "");
    if (!PUBLIC_AUTH_PATHS.has(path)) {
      response.status(404).type("text/plain").send("Not found.");
      return;
    }
    request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request);
    void handler(request, response);
  };
}
