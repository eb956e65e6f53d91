import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False on the server and during hydration, true afterwards: what needs JavaScript renders only then. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
