import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSession } from './features/auth/session';
import './styles.css';

startSession();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The first render as a transition: React renders in slices and lets the browser in between,
// instead of holding a phone's main thread for the whole page at once (the page shell in
// index.html is already on screen meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
