import './lib/zod-without-eval';
import './styles.css';
import { startOnFirstInteraction } from './app/first-interaction';
import { PAGE_STATE_ID } from './app/page-state';
import { readSession } from './features/auth/token-storage';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const pageState = document.getElementById(PAGE_STATE_ID)?.textContent ?? null;
const start = async () => (await import('./app/start')).startApp(root, pageState);

// A signed-in buyer's or admin's page shows their own links and data, and an address with a
// fragment or a page with history state carries something for the app (the one-use token of a
// Google sign-in, where to go after signing in): the app starts at once. Any other page the
// server rendered waits for the visitor (see first-interaction.ts).
const forTheApp = location.hash !== '' || (history.state as { usr?: unknown } | null)?.usr != null;
if (pageState !== null && !forTheApp && !readSession()) startOnFirstInteraction(start);
else void start();
