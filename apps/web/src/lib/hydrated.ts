import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * False while React takes over a page the server rendered (and on the server), true once it has
 * and on every page the app renders itself. What the browser would do alone before then (send a
 * form as a GET, keep text typed into a field whose value React then sets back) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
