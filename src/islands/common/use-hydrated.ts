import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and while React hydrates (the server's snapshot), true right after.
 * A control that acts only through React stays disabled until then, so a press before the island
 * runs is neither lost nor falls through to a native submit.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
