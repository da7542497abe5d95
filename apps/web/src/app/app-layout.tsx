import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/ui/footer';
import { ProgressBar } from '../components/ui/progress-bar';
import { useSession } from '../features/auth/session';
import { PunchoutBanner } from '../features/punchout';
import { loadToasts, toastSettings } from '../lib/toasts';
import { Navbar } from './navbar';

export function AppLayout() {
  const session = useSession();
  // Says that the app has taken the page over (for tests and for tools that watch the page).
  useEffect(() => {
    document.documentElement.dataset.app = 'running';
  }, []);
  return (
    <AppFrame
      notice={
        <>
          <PunchoutBanner />
          {session.status === 'loading' && <ProgressBar label="Checking your sign-in" />}
        </>
      }
      after={
        <>
          <Toasts />
          <ScrollRestoration />
        </>
      }
    >
      <Outlet />
    </AppFrame>
  );
}

const ToastContainer = lazy(async () => ({ default: (await loadToasts()).ToastContainer }));

/**
 * Where toasts show, put in once the page has rendered: the server's page and the app's first
 * render are the same without it, and its code loads beside the page, not before it.
 */
function Toasts() {
  const [rendered, setRendered] = useState(false);
  useEffect(() => setRendered(true), []);
  return rendered ? (
    <Suspense fallback={null}>
      <ToastContainer {...toastSettings} />
    </Suspense>
  ) : null;
}

/** Every page's frame: the bar, `notice` under it, the page in <main>, the footer, then `after`. */
export function AppFrame({
  notice,
  after,
  children: page,
}: {
  notice?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <Navbar />
      {notice}
      {/* At least a screen high: while a page loads, the footer stays below the first screen
          instead of showing there and being pushed away when the page arrives (a layout shift). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-8">
        {page}
      </main>
      <Footer />
      {after}
    </div>
  );
}
