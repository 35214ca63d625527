import { describe, expect, it } from "vitest";
import {
  exposedGc,
  IDLE_GROWTH_BYTES,
  IDLE_UTILIZATION,
  idleCollectionsSoFar,
  shouldCollect,
  startIdleCollection,
} from "./idle-collect";

const MB = 1024 * 1024;
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("collecting when idle", () => {
  it("collects only when the loop was idle and the heap grew past the margin", () => {
    const grown = { heapBytes: 100 * MB + IDLE_GROWTH_BYTES + 1, baselineBytes: 100 * MB };
    expect(shouldCollect({ ...grown, utilization: IDLE_UTILIZATION / 2 })).toBe(true);
    expect(shouldCollect({ ...grown, utilization: IDLE_UTILIZATION * 2 })).toBe(false);
    expect(shouldCollect({ heapBytes: 110 * MB, baselineBytes: 100 * MB, utilization: 0 })).toBe(
      false,
    );
  });

  it("collects once after a burst, again only after the heap grows again", async () => {
    let heap = 100 * MB;
    let gcs = 0;
    const countedBefore = idleCollectionsSoFar();
    const collector = startIdleCollection({
      intervalMs: 10,
      utilization: () => 0,
      heapBytes: () => heap,
      gc: () => {
        gcs += 1;
        heap = 60 * MB;
      },
    });
    try {
      heap = 140 * MB;
      await until(() => gcs === 1);
      // Collected: back to 60 MB, the new baseline; growing 10 MB is not enough for another.
      heap = 70 * MB;
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(gcs).toBe(1);
      heap = 90 * MB;
      await until(() => gcs === 2);
      // The memory report's count.
      expect(idleCollectionsSoFar() - countedBefore).toBe(2);
    } finally {
      collector.stop();
    }
  });

  it("leaves a busy server alone", async () => {
    let gcs = 0;
    let checks = 0;
    const collector = startIdleCollection({
      intervalMs: 10,
      utilization: () => {
        checks += 1;
        return 0.5;
      },
      heapBytes: () => 500 * MB,
      gc: () => {
        gcs += 1;
      },
    });
    try {
      await until(() => checks >= 5);
      expect(gcs).toBe(0);
    } finally {
      collector.stop();
    }
  });

  it("runs V8's full collection without a command-line flag", async () => {
    const gc = exposedGc();
    let held: object | undefined = { large: new Array(1000).fill("x") };
    const ref = new WeakRef(held);
    held = undefined;
    // A WeakRef's target is kept until the end of the current task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(ref.deref()).toBeUndefined();
    // Nothing is left on the global object.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
