import './lib/zod-without-eval';
import './styles.css';
import { StrictMode } from 'react';
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
  if (rendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
void start(root);
