import type { EventEmitter } from "node:events";

/** What `releaseWhenLost` needs of a checked-out pg client. */
type CheckedOutClient = Pick<EventEmitter, "on" | "removeListener"> & {
  release(error?: Error | boolean): void;
};

/**
 * Makes a checked-out client give itself back when its connection is lost, and its `release`
 * safe to call again. Drizzle's transaction sends BEGIN before its try/finally: when the
 * connection is cut right then, nobody releases the client, the pool counts it as busy for
 * good, and after ten such cuts every query waits for a client that never comes. A lost
 * client is released with its error (the pool drops it and opens a new one when needed); the
 * release its user makes afterwards, if any, does nothing.
 */
export function releaseWhenLost<T extends CheckedOutClient>(client: T): T {
  const release = client.release.bind(client);
  let isReleased = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (isReleased) return;
    isReleased = true;
    client.removeListener("error", onLost);
    release(error);
  };
  const onLost = (error: Error) => releaseOnce(error);
  client.on("error", onLost);
  client.release = releaseOnce;
  return client;
}
