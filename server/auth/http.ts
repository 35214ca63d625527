import { toNodeHandler } from "better-auth/node";
import type { RequestHandler } from "express";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { CLIENT_ADDRESS_HEADER, getAuth } from "./auth";

/**
 * Better Auth's own endpoints under /api/auth (session, sign-out, admin API),
 * with its rate limits kept in the database. Sign-in goes through /login,
 * which applies our brute-force limits, so Better Auth's sign-in path is off.
 */
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
    request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request);
    void handler(request, response);
  };
}
