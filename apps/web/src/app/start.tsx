import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { startSession } from '../features/auth/session';
import { createQueryClient } from '../lib/query-client';
import { Providers } from './providers';
import { routes } from './routes';

/**
 * Starts the app in #root. `pageState` is the data of a page the server rendered (see
 * entry-server.tsx): the app then takes over that markup instead of rendering its own.
 */
export async function startApp(root: HTMLElement, pageState: string | null): Promise<void> {
  startSession();
  if (pageState === null) {
    // The first render as a transition: React renders in slices and lets the browser in between,
    // instead of holding a phone's main thread for the whole page at once (the page shell in
    // index.html is already on screen meanwhile).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <Providers>
            <RouterProvider router={createBrowserRouter(routes)} />
          </Providers>
        </StrictMode>,
      );
    });
    return;
  }
  // The page's own code must be there before React meets its markup, or React would show the
  // loading bar in its place.
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  const client = createQueryClient();
  hydrate(client, JSON.parse(pageState));
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <Providers client={client}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </Providers>
      </StrictMode>,
    );
  });
}
