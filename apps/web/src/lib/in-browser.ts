import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * Whether the page runs in the browser: false on the server that renders it, and in the app's
 * first render as it takes such a page over (so that this render matches the server's HTML);
 * true from the next render on (React renders again with the browser's value after hydration).
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
