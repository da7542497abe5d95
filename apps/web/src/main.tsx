import './lib/zod-without-eval';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import { startSession } from './features/auth/session';
import { browserQueryClient } from './lib/query-client';

/**
 * Starts the app in #root. A page the server rendered (entry-server.tsx) carries the router's data
 * (`window.__staticRouterHydrationData`, which createBrowserRouter reads): React takes its markup
 * over once the lazily loaded routes it shows are loaded, so that its first render matches it.
 * Every other page (the page shell of index.html: signed-in pages, unknown paths) is rendered here.
 * Both in a transition, as React Router's own browser entry does: React then does the work in
 * slices of a few milliseconds between which the browser answers input, instead of in one long
 * task (a page's hydration took 250–450 ms of a phone's main thread in one piece).
 */
async function start(root: HTMLElement) {
  startSession();
  const rendered = '__staticRouterHydrationData' in window;
  if (rendered) {
    await Promise.all(
      (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
        if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
  }
  const app = (
    <StrictMode>
      <Providers client={browserQueryClient()}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>
  );
  startTransition(() => {
    if (rendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
void start(root);
