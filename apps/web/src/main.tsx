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
  void import('./app/start').then(({ startApp }) => startApp(root, pageState, renderedFor));
};

/** Whether the app runs on the page (app/app-layout.tsx says so once it has taken it over). */
const appRuns = () => document.documentElement.dataset.app === 'running';

/**
 * Does `act` once `ready()` says the app has what it is for, if it does within 10 s and
 * `element` is still on the page; the app is started now if it has not been.
 */
function onceReady(element: HTMLElement, ready: () => boolean, act: () => void) {
  start();
  const until = performance.now() + 10_000;
  const whenReady = () => {
    if (!element.isConnected || performance.now() > until) return;
    if (ready()) act();
    else requestAnimationFrame(whenReady);
  };
  whenReady();
}

/**
 * What a visitor does on the page the server sent before the app has it is held, and done again
 * once the app has it:
 * - a form sent while it is still `data-form="pending"` (components/form/rules-form.tsx, lib/live.ts:
 *   the app still starting, or the form's own code still loading), instead of the browser
 *   putting its fields in the address;
 * - a click on a button before the app runs (a button does nothing without it), and on a link
 *   whose click is the app's to handle while it is `data-click="pending"`, instead of the browser
 *   following the link. Other links are followed by the browser.
 */
document.addEventListener(
  'submit',
  (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.dataset.form !== 'pending') return;
    event.preventDefault();
    event.stopPropagation();
    onceReady(
      form,
      () => form.dataset.form === 'live',
      () => form.requestSubmit(),
    );
  },
  true,
);
document.addEventListener(
  'click',
  (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLElement>('[data-click="pending"]');
    const button = appRuns() ? null : target?.closest<HTMLButtonElement>('button');
    const held = link ?? button;
    if (!held) return;
    event.preventDefault();
    event.stopPropagation();
    const ready = link ? () => link.dataset.click === 'live' : appRuns;
    onceReady(held, ready, () => held.click());
  },
  true,
);

/**
 * A page the server rendered is whole without the app: it paints, and its links work, before any
 * script of the app has run. The app then takes it over (React's hydration) once the page has
 * loaded and the browser is idle, or sooner if the visitor touches it or types first. React
 * replays a click on a part it has not taken over yet once it has; before the app runs, a link
 * is followed by the browser, and a form, a button or a link whose click the app handles is held
 * until the app has it (above).
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
