import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { releaseWhenLost } from "./pool-clients";

function fakeClient() {
  const client = Object.assign(new EventEmitter(), { release: vi.fn() });
  // The pool's own handler of a checked-out client's errors (ours logs them).
  client.on("error", () => {});
  return client;
}

describe("releaseWhenLost", () => {
  it("gives a client whose connection is lost back to the pool, with the error, once", () => {
    const client = fakeClient();
    const original = client.release;
    releaseWhenLost(client);
    const lost = new Error("terminating connection due to administrator command");
    client.emit("error", lost);
    expect(original).toHaveBeenCalledTimes(1);
    expect(original).toHaveBeenCalledWith(lost);
    // Its user's release afterwards (Drizzle's finally) does nothing, nor a second error.
    client.release();
    client.emit("error", new Error("Connection terminated unexpectedly"));
    expect(original).toHaveBeenCalledTimes(1);
  });

  it("releases a healthy client as usual, once, and stops listening", () => {
    const client = fakeClient();
    const original = client.release;
    releaseWhenLost(client);
    expect(client.listenerCount("error")).toBe(2);
    client.release();
    client.release();
    expect(original).toHaveBeenCalledTimes(1);
    expect(original).toHaveBeenCalledWith(undefined);
    expect(client.listenerCount("error")).toBe(1);
  });
});
