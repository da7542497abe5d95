import './lib/zod-without-eval';
import './styles.css';
import { startOnFirstInteraction, whenIdle } from './app/first-interaction';
import { PAGE_STATE_ID, RENDERED_FOR } from './app/page-state';
import { readSession } from './features/auth/token-storage';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const pageState = document.getElementById(PAGE_STATE_ID)?.textContent ?? null;
/** The uid of the signed-in user the server rendered this page for (a dashboard page), if any. */
const renderedFor = document.querySelector<HTMLMetaElement>(`meta[name="${RENDERED_FOR}"]`)?.content ?? null;
const start = async () => (await import('./app/start')).startApp(root, pageState, renderedFor);

// An address with a fragment or a page with history state carries something for the app (the
// one-use token of a Google sign-in, where to go after signing in): the app starts at once, as on
// every page the server did not render. A page the server rendered for a visitor waits for them
// (see first-interaction.ts), and once it has loaded their browser fetches the app's modules for
// later. Once a page has loaded (a stored sign-in's first read of local storage can hold the main
// thread for milliseconds), the app starts at once for a signed-in buyer or admin: on a visitor's
// page to show their own links, on their dashboard page to draw what only the browser can (the
// Overview's chart, sized to the screen) and to take the page over; and on a page rendered for a
// user who has signed out here since, to show it no longer.
const forTheApp = location.hash !== '' || (history.state as { usr?: unknown } | null)?.usr != null;
if (pageState === null || forTheApp) {
  void start();
} else {
  const app = startOnFirstInteraction(start);
  afterLoad(() => (renderedFor !== null || readSession() ? app.startNow() : prefetchAppModules()));
}

/** Runs `task` once the page has loaded and the browser is idle. */
function afterLoad(task: () => void) {
  if (document.readyState === 'complete') whenIdle(task);
  else window.addEventListener('load', () => whenIdle(task), { once: true });
}

/**
 * The app's modules, which the server names on a page it rendered, fetched into the cache: ready
 * for the first interaction without having taken the network from the page's stylesheet and
 * pictures.
 */
function prefetchAppModules() {
  const names = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content ?? '';
  for (const href of names.split(' ').filter(Boolean)) {
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'prefetch', href, crossOrigin: '' }),
    );
  }
}
