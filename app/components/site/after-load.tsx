import { type ComponentType, startTransition, useEffect, useState } from "react";

/**
 * Renders a decoration whose code is fetched only after the page has hydrated and the
 * browser is idle, so it never weighs on the first load. Nothing is rendered on the
 * server or before the module arrives; a failed fetch leaves the page without it.
 */
export function AfterLoad({ load }: { load: () => Promise<ComponentType> }) {
  const [Component, setComponent] = useState<ComponentType | null>(null);

  useEffect(() => {
    let cancelled = false;
    const start = () =>
      load().then(
        (loaded) => {
          // A transition: React renders the decoration in slices that leave the page responsive.
          if (!cancelled) startTransition(() => setComponent(() => loaded));
        },
        () => {
          // a decoration that fails to load is simply left out
        },
      );
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 2000 })
      : window.setTimeout(start, 200);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [load]);

  return Component ? <Component /> : null;
}
