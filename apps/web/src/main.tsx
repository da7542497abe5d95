import './lib/zod-without-eval';
import './styles.css';
import { PAGE_STATE_ID, RENDERED_FOR } from './app/page-state';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const pageState = document.getElementById(PAGE_STATE_ID)?.textContent ?? null;
/** The uid of the signed-in user the server rendered this page for (a dashboard page), if any. */
const renderedFor = document.querySelector<HTMLMetaElement>(`meta[name="${RENDERED_FOR}"]`)?.content ?? null;

let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const type of EARLY_EVENTS) window.removeEventListener(type, start, true);
  void import('./app/start')
    .then(({ startApp }) => startApp(root, pageState, renderedFor))
    .finally(() => {
      document.removeEventListener('submit', holdSubmit, true);
      if (held) sendWhenLive(held);
    });
};

/**
 * A form sent before the app has started is held (the browser would put its fields in the
 * address), and sent again once the app has taken it over: it then marks it `data-live` (see
 * components/form/rules-form.tsx). Once React has the page, it sends a form itself, or replays
 * the sending on a part it is still taking over.
 */
let held: HTMLFormElement | undefined;
function holdSubmit(event: Event) {
  event.preventDefault();
  if (event.target instanceof HTMLFormElement) held = event.target;
  start();
}
document.addEventListener('submit', holdSubmit, true);

/** Sends `form` once the app has taken it over, if it does within 10 s and the form is still there. */
function sendWhenLive(form: HTMLFormElement) {
  const until = performance.now() + 10_000;
  const check = () => {
    if (!form.isConnected || performance.now() > until) return;
    if (form.dataset.live === undefined) requestAnimationFrame(check);
    else form.requestSubmit();
  };
  check();
}

/**
 * A page the server rendered is whole without the app: it paints, and its links work, before any
 * script of the app has run. The app then takes it over (React's hydration) once the page has
 * loaded and the browser is idle, or sooner if the visitor touches it or types first. React
 * replays a click or a form sent on a part it has not taken over yet once it has; before the app
 * has started, a link is followed by the browser, and a form is held (see `holdSubmit`).
 *
 * Every other page (the page shell of index.html) waits for the app to render it, which starts at
 * once; so does a page whose address has a fragment or history state for the app (the one-use
 * code of a Google sign-in, where to go after signing in).
 */
const EARLY_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const forTheApp = location.hash !== '' || (history.state as { usr?: unknown } | null)?.usr != null;
if (pageState === null || forTheApp) {
  start();
} else {
  for (const type of EARLY_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
  if (document.readyState === 'complete') whenIdle(start);
  else window.addEventListener('load', () => whenIdle(start), { once: true });
}

/** Runs `task` when the browser is next idle (Safari has no requestIdleCallback). */
function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 50);
}
