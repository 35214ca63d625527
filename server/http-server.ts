import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { answerHitsOnConnections } from "#server/cache/connection-hits.ts";
import type { HitOptions } from "#server/cache/page-cache.ts";

/**
 * A request must arrive whole in REQUEST_TIMEOUT_SECONDS (10 minutes: a 200 MB podcast
 * episode over a slow uplink) and its headers in 20 seconds, so a client trickling bytes
 * cannot hold a connection forever; Node answers 408 and closes. Node checks every
 * `connectionsCheckingInterval`, so the check is kept well below the timeout.
 */
function serverTimeouts(env: { REQUEST_TIMEOUT_SECONDS: number }) {
  const requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    requestTimeout,
    headersTimeout: Math.min(20_000, requestTimeout),
    connectionsCheckingInterval: Math.min(30_000, Math.max(250, requestTimeout / 4)),
  };
}

/**
 * The product's HTTP server: Node's, with the timeouts above, and with cached public pages
 * answered on the connection before Node's HTTP parser when the app keeps a page cache
 * (decision 730); every other request reaches `handle`.
 */
export function createHttpServer(
  env: { REQUEST_TIMEOUT_SECONDS: number },
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  hits?: HitOptions,
) {
  const server = createServer(serverTimeouts(env), handle);
  server.keepAliveTimeout = 5000;
  const connectionHits = hits && answerHitsOnConnections(server, hits);
  return {
    server,
    /** At shutdown: closes the connections idle between answers, on either path. */
    closeIdleConnections() {
      server.closeIdleConnections();
      connectionHits?.closeIdle();
    },
  };
}
