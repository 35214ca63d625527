import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

type RequestContext = { requestId: string };

// One store per process, shared through globalThis: the React Router build bundles its own
// copy of this module, and log lines written from loaders must see the same request.
const storeKey = Symbol.for("frontier.requestContext");
const globals = globalThis as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>;
globals[storeKey] ??= new AsyncLocalStorage<RequestContext>();
const store = globals[storeKey];

/** An id a proxy may hand in: short, and nothing a log reader or header could trip over. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The id of the request being handled, or undefined outside one. */
export function currentRequestId() {
  return store.getStore()?.requestId;
}

/** The incoming X-Request-Id when it is safe, a new random one otherwise. */
export function requestIdOf(request: Pick<IncomingMessage, "headers">) {
  return requestIdFrom(request.headers["x-request-id"]);
}

/** An X-Request-Id header's value when it is safe, a new random id otherwise. */
export function requestIdFrom(incoming: string | string[] | undefined) {
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Wraps the HTTP server's request listener: every request gets an id, echoed in the
 * X-Request-Id response header and added to each log line written while handling it.
 */
export function withRequestId(listener: Listener): Listener {
  return (request, response) => {
    const requestId = requestIdOf(request);
    response.setHeader("X-Request-Id", requestId);
    store.run({ requestId }, () => listener(request, response));
  };
}

/** Runs `work` as if inside a request with this id (for tests and background hand-offs). */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return store.run({ requestId }, work);
}
