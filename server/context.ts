import type { Database, Db } from "#server/db/client.ts";
import type { Env } from "./env";

/** What every loader and action receives from the server as `context`. */
export type AppContext = {
  db: Db;
  database: Database;
  env: Env;
  /** The per-request nonce the Content-Security-Policy allows scripts with. */
  nonce: string;
  /** The client's address (server/client-address.ts): the socket's, or the one our proxies forwarded. */
  clientAddress: string;
  /** Set while handling the request when the database could not be reached (answered 503). */
  outcome: { isDatabaseUnavailable?: boolean };
};

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
