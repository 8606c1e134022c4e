import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the server's render and in the browser's render that hydrates it, true from the next
 * one on (and at once in a render that hydrates nothing): for what the two must agree on.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
