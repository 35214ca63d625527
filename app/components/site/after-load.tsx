import { type ComponentType, startTransition, useEffect, useState } from "react";

// Work a public page does once it has hydrated and the browser is idle (decision 762): the
// decorations and the settings stream. Everything asked for while the page hydrates waits for
// one idle callback, and the decorations that arrive together are rendered in one transition:
// one task and one React render for all of them, where each used to take its own.

type Waiting = { run: () => void; cancelled: boolean };
let waiting: Waiting[] = [];
let isScheduled = false;

function runWaiting() {
  isScheduled = false;
  const due = waiting;
  waiting = [];
  for (const item of due) if (!item.cancelled) item.run();
}

/**
 * Runs `run` once the page is idle (at most 2 s after it is asked, as before), in the same idle
 * callback as everything else asked for by then. Returns a function that cancels it.
 */
export function whenIdle(run: () => void) {
  const item: Waiting = { run, cancelled: false };
  waiting.push(item);
  if (!isScheduled) {
    isScheduled = true;
    if (window.requestIdleCallback) window.requestIdleCallback(runWaiting, { timeout: 2000 });
    else window.setTimeout(runWaiting, 200);
  }
  return () => {
    item.cancelled = true;
  };
}

type Decoration = {
  load: () => Promise<ComponentType>;
  show: (component: ComponentType) => void;
  cancelled: boolean;
};
let decorations: Decoration[] = [];

/** Fetches every decoration asked for by the idle callback, then renders them in one transition. */
function loadDecorations() {
  const due = decorations;
  decorations = [];
  void Promise.allSettled(due.map((decoration) => decoration.load())).then((results) => {
    // A transition: React renders the decorations in slices that leave the page responsive.
    startTransition(() => {
      results.forEach((result, index) => {
        // a decoration that fails to load is simply left out
        if (result.status === "fulfilled" && !due[index].cancelled) due[index].show(result.value);
      });
    });
  });
}

/**
 * Renders a decoration whose code is fetched only after the page has hydrated and the
 * browser is idle, so it never weighs on the first load. Nothing is rendered on the
 * server or before the module arrives; a failed fetch leaves the page without it.
 */
export function AfterLoad({ load }: { load: () => Promise<ComponentType> }) {
  const [Component, setComponent] = useState<ComponentType | null>(null);

  useEffect(() => {
    const decoration: Decoration = {
      load,
      show: (component) => setComponent(() => component),
      cancelled: false,
    };
    if (decorations.length === 0) whenIdle(loadDecorations);
    decorations.push(decoration);
    return () => {
      decoration.cancelled = true;
      decorations = decorations.filter((other) => other !== decoration);
    };
  }, [load]);

  return Component ? <Component /> : null;
}
