import { Outlet, ScrollRestoration } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { Footer } from '../components/ui/footer';
import { ProgressBar } from '../components/ui/progress-bar';
import { useSession } from '../features/auth/session';
import { toastSettings } from '../lib/toasts';
import { Navbar } from './navbar';

export function AppLayout() {
  const session = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <Navbar />
      {session.status === 'loading' && <ProgressBar label="Checking your sign-in" />}
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <Footer />
      <ToastContainer {...toastSettings} />
      <ScrollRestoration />
    </div>
  );
}
