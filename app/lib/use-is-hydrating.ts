import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * True on the server and while React hydrates the server's markup; false in every render
 * after, and in an element a client-side render mounts.
 */
export function useIsHydrating() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
