import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";

/** How often the server looks at whether it is idle, in milliseconds. */
export const IDLE_CHECK_MS = 5_000;

/** The share of the last check's time the event loop may have worked and still count as idle. */
export const IDLE_UTILIZATION = 0.02;

/** How far V8's heap must have grown since the last collection for one to be worth it. */
export const IDLE_GROWTH_BYTES = 16 * 1024 * 1024;

let collectedSoFar = 0;

/** How many idle collections this process has made (the memory report prints it). */
export const idleCollectionsSoFar = () => collectedSoFar;

/** Whether an idle moment is the time for a full collection (decision 808). */
export function shouldCollect({
  utilization,
  heapBytes,
  baselineBytes,
}: {
  utilization: number;
  heapBytes: number;
  baselineBytes: number;
}) {
  return utilization < IDLE_UTILIZATION && heapBytes - baselineBytes > IDLE_GROWTH_BYTES;
}

/** V8's full collection as a function: the flag is set at run time, read by a new context. */
export function exposedGc(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

/** The event loop's utilization since the previous call. */
function utilizationMeter() {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/**
 * After a burst of work, one full collection once the server is idle, so that the memory the
 * burst took goes back to the system rather than waiting for the next burst to need it. V8
 * grows its heap under load and collects it again only when more is allocated; an idle
 * server would keep the burst's size (decision 808). Checks every `intervalMs`, on a timer
 * that does not keep the process alive.
 */
export function startIdleCollection({
  intervalMs = IDLE_CHECK_MS,
  gc = exposedGc(),
  heapBytes = () => v8.getHeapStatistics().total_heap_size,
  utilization = utilizationMeter(),
}: {
  intervalMs?: number;
  gc?: () => void;
  heapBytes?: () => number;
  utilization?: () => number;
} = {}) {
  let baselineBytes = heapBytes();
  const timer = setInterval(() => {
    const current = heapBytes();
    if (shouldCollect({ utilization: utilization(), heapBytes: current, baselineBytes })) {
      gc();
      collectedSoFar += 1;
      baselineBytes = heapBytes();
    } else if (current < baselineBytes) {
      // The heap shrinks after a collection as the sweeper returns its pages.
      baselineBytes = current;
    }
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
