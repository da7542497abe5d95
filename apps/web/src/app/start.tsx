import { hydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { RenderedSession, type SessionState, sessionState, startSession } from '../features/auth/session';
import { pageHandle } from '../lib/page-handle';
import { createQueryClient } from '../lib/query-client';
import { Providers } from './providers';
import { prefetchPage, routes } from './routes';

function app(client: QueryClient, hydrating: boolean, rendered?: SessionState) {
  // Taking over a rendered page, the router must leave the scroll where the visitor has it (it
  // scrolls a new page to the top unless it starts from hydration data; the pages have no loaders,
  // so theirs is empty).
  const router = createBrowserRouter(routes, hydrating ? { hydrationData: { loaderData: {} } } : undefined);
  const page = (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
  // Taking over a page rendered for the signed-in user, React's first render must see them signed
  // in, as the server did (useSession's snapshot while hydrating).
  return (
    <StrictMode>{rendered ? <RenderedSession value={rendered}>{page}</RenderedSession> : page}</StrictMode>
  );
}

/**
 * Starts the app in #root. `pageState` is the data of a page the server rendered (see
 * entry-server.tsx), for a visitor, or for the user whose uid is `renderedFor`: the app then takes
 * over that markup instead of rendering its own, unless that user is no longer the one signed in
 * here (signed out, or another user since), whom it shows their own page instead.
 */
export async function startApp(
  root: HTMLElement,
  pageState: string | null,
  renderedFor: string | null = null,
): Promise<void> {
  // Each step in a task of its own: a phone's main thread is never held long at once.
  await yieldToBrowser();
  startSession();
  const client = createQueryClient();
  const matches = matchRoutes(routes, window.location) ?? [];
  // A page that waits for the user's role (the dashboard's, a purchase) asks for it, and for what
  // the page shows first, while its code loads, not after (the server checks the role anyway).
  const session = sessionState();
  const ours = renderedFor === null || (session.status === 'signed-in' && session.user.uid === renderedFor);
  // A page rendered for this user carries what it shows: asked for again now, a fresher answer
  // could arrive before React takes the markup over, which would then no longer match it.
  const carriesItsData = pageState !== null && ours;
  if (
    !carriesItsData &&
    session.status === 'signed-in' &&
    matches.some(({ route }) => pageHandle(route.handle).needsRole)
  ) {
    void prefetchPage(client, matches, new URLSearchParams(window.location.search), session.user);
  }
  // The page's own code first: React then renders (or takes over) the page itself at once, not
  // the loading bar and then the page.
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  await yieldToBrowser();
  // Either way in a transition: React works in slices and lets the browser in between, instead
  // of holding a phone's main thread for the whole page at once (the page shell in index.html or
  // the rendered page is on screen meanwhile).
  if (pageState === null || !ours) {
    startTransition(() => createRoot(root).render(app(client, false)));
    return;
  }
  hydrate(client, JSON.parse(pageState));
  await yieldToBrowser();
  startTransition(() => {
    hydrateRoot(root, app(client, true, renderedFor === null ? undefined : session));
  });
}

/** Lets the browser in (input, paint) before the next step. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
