import { createBrowserRouter } from 'react-router';
import { ProgressBar } from '../components/ui/progress-bar';
import { HomePage } from '../features/home/pages/home-page';
import { AppLayout } from './app-layout';

/**
 * Every route of SPEC.md §2 in one table. The home page is in the first bundle;
 * every other page loads its own chunk when first visited.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: () => <ProgressBar />,
    children: [
      { index: true, Component: HomePage },
      { path: 'home', Component: HomePage },
      {
        path: 'parts',
        lazy: async () => ({ Component: (await import('../features/parts/pages/parts-page')).PartsPage }),
      },
      {
        path: 'blog',
        lazy: async () => ({ Component: (await import('../features/blog/pages/blog-page')).BlogPage }),
      },
      {
        path: 'portfolio',
        lazy: async () => ({
          Component: (await import('../features/portfolio/pages/portfolio-page')).PortfolioPage,
        }),
      },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage }),
      },
      {
        path: 'signup',
        lazy: async () => ({ Component: (await import('../features/auth/pages/signup-page')).SignupPage }),
      },
      {
        path: 'purchase/:partsId',
        lazy: async () => ({
          Component: (await import('../features/orders/pages/purchase-page')).PurchasePage,
        }),
      },
      {
        path: 'dashboard/*',
        lazy: async () => ({
          Component: (await import('../features/dashboard/pages/dashboard-page')).DashboardPage,
        }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/errors/pages/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
]);
