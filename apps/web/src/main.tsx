import './lib/zod-without-eval';
import './styles.css';
import { startOnFirstInteraction, whenIdle } from './app/first-interaction';
import { PAGE_STATE_ID } from './app/page-state';
import { readSession } from './features/auth/token-storage';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const pageState = document.getElementById(PAGE_STATE_ID)?.textContent ?? null;
const start = async () => (await import('./app/start')).startApp(root, pageState);

// An address with a fragment or a page with history state carries something for the app (the
// one-use token of a Google sign-in, where to go after signing in): the app starts at once, as on
// every page the server did not render. A page the server rendered waits for the visitor (see
// first-interaction.ts); once it has loaded, a signed-in buyer or admin (a stored sign-in, whose
// first read of local storage can hold the main thread for milliseconds) gets the app, with their
// own links, and a visitor's browser fetches the app's modules for later.
const forTheApp = location.hash !== '' || (history.state as { usr?: unknown } | null)?.usr != null;
if (pageState === null || forTheApp) {
  void start();
} else {
  const app = startOnFirstInteraction(start);
  afterLoad(() => (readSession() ? app.startNow() : prefetchAppModules()));
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
