import type { ComponentType } from 'react';
import { data, type RouteObject } from 'react-router';
import { ProgressBar } from '../components/ui/progress-bar';
import { RequireAdmin, RequireAuth, RequireNonAdmin } from '../features/auth/components/guards';
import { HomePage, homeLoader } from '../features/home';
import { AppLayout } from './app-layout';

/** A dashboard page's route: its heading, which the dashboard shows at once, and its own chunk. */
function dashboardPage(heading: string, load: () => Promise<ComponentType>) {
  return { handle: { heading }, lazy: async () => ({ Component: await load() }) };
}

/** The dashboard's pages (docs/product.md §2): My Profile for all, then buyers' pages, then admins'. */
const dashboardPages: RouteObject[] = [
  {
    index: true,
    ...dashboardPage(
      'My Profile',
      async () => (await import('../features/profile/pages/my-profile-page')).MyProfilePage,
    ),
  },
  {
    // A quote's page, for its buyer and for admins (the API says whose it is).
    path: 'quotes/:id',
    ...dashboardPage('Quote', async () => (await import('../features/quotes/pages/quote-page')).QuotePage),
  },
  {
    element: <RequireNonAdmin redirectTo="/login" />,
    children: [
      {
        path: 'my-order',
        ...dashboardPage(
          'My Order',
          async () => (await import('../features/orders/pages/my-order-page')).MyOrderPage,
        ),
      },
      {
        path: 'lists',
        ...dashboardPage(
          'Lists',
          async () => (await import('../features/order-builder/pages/lists-page')).ListsPage,
        ),
      },
      {
        path: 'my-tools',
        ...dashboardPage(
          'My Tools',
          async () => (await import('../features/tools/pages/my-tools-page')).MyToolsPage,
        ),
      },
      {
        path: 'my-part-numbers',
        ...dashboardPage(
          'My Part Numbers',
          async () => (await import('../features/part-numbers/pages/my-part-numbers-page')).MyPartNumbersPage,
        ),
      },
      {
        path: 'my-quotes',
        ...dashboardPage(
          'My Quotes',
          async () => (await import('../features/quotes/pages/quote-list-pages')).MyQuotesPage,
        ),
      },
      {
        path: 'company',
        ...dashboardPage('Company', async () => {
          const [{ CompanyPage }, { CompanyOrders }] = await Promise.all([
            import('../features/companies/pages/company-page'),
            import('../features/company-orders'),
          ]);
          // Its admins see the company's orders and approvals below it.
          return () => (
            <CompanyPage
              orders={(company, isAdmin) => (isAdmin ? <CompanyOrders companyId={company._id} /> : null)}
            />
          );
        }),
      },
      {
        path: 'prices',
        ...dashboardPage(
          'Our prices',
          async () => (await import('../features/contract-prices/pages/our-prices-page')).OurPricesPage,
        ),
      },
      {
        path: 'api-keys',
        ...dashboardPage(
          'API keys',
          async () => (await import('../features/api-keys/pages/api-keys-page')).ApiKeysPage,
        ),
      },
      {
        path: 'webhooks',
        ...dashboardPage(
          'Webhooks',
          async () => (await import('../features/webhooks/pages/webhooks-page')).WebhooksPage,
        ),
      },
      {
        path: 'punchout',
        ...dashboardPage(
          'Punchout',
          async () =>
            (await import('../features/punchout/pages/punchout-settings-page')).PunchoutSettingsPage,
        ),
      },
      {
        path: 'payment/:id',
        ...dashboardPage(
          'Payment',
          async () => (await import('../features/payments/pages/payment-page')).PaymentPage,
        ),
      },
    ],
  },
  {
    element: <RequireNonAdmin redirectTo="/dashboard" />,
    children: [
      {
        path: 'add-review',
        ...dashboardPage(
          'Add Review',
          async () => (await import('../features/reviews/pages/add-review-page')).AddReviewPage,
        ),
      },
    ],
  },
  {
    Component: RequireAdmin,
    children: [
      {
        path: 'overview',
        ...dashboardPage(
          'Overview',
          async () => (await import('../features/overview/pages/overview-page')).OverviewPage,
        ),
      },
      {
        path: 'manage-all-order',
        ...dashboardPage(
          'Manage All Order',
          async () => (await import('../features/orders/pages/manage-all-order-page')).ManageAllOrderPage,
        ),
      },
      {
        path: 'quotes',
        ...dashboardPage(
          'Quotes',
          async () => (await import('../features/quotes/pages/quote-list-pages')).QuotesPage,
        ),
      },
      {
        path: 'companies',
        ...dashboardPage(
          'Companies',
          async () => (await import('../features/companies/pages/companies-admin-page')).CompaniesAdminPage,
        ),
      },
      {
        path: 'companies/:companyId/prices',
        ...dashboardPage(
          'Contract prices',
          async () =>
            (await import('../features/contract-prices/pages/company-prices-page')).CompanyPricesPage,
        ),
      },
      {
        path: 'categories',
        ...dashboardPage(
          'Categories',
          async () =>
            (await import('../features/categories/pages/categories-admin-page')).CategoriesAdminPage,
        ),
      },
      {
        path: 'tools',
        ...dashboardPage(
          'Tool models',
          async () => (await import('../features/tools/pages/admin-tools-page')).AdminToolsPage,
        ),
      },
      {
        path: 'add-product',
        ...dashboardPage(
          'Add Product',
          async () => (await import('../features/admin/pages/add-product-page')).AddProductPage,
        ),
      },
      {
        path: 'make-admin',
        ...dashboardPage(
          'Make Admin',
          async () => (await import('../features/admin/pages/make-admin-page')).MakeAdminPage,
        ),
      },
      {
        path: 'manage-product',
        ...dashboardPage(
          'Manage Product',
          async () => (await import('../features/admin/pages/manage-product-page')).ManageProductPage,
        ),
      },
      {
        path: 'edit-product/:id',
        ...dashboardPage(
          'Edit Product',
          async () => (await import('../features/admin/pages/edit-product-page')).EditProductPage,
        ),
      },
      {
        path: 'activity',
        ...dashboardPage(
          'Activity',
          async () => (await import('../features/audit/pages/activity-page')).ActivityPage,
        ),
      },
      {
        path: 'messages',
        ...dashboardPage(
          'Messages',
          async () => (await import('../features/messages/pages/messages-page')).MessagesPage,
        ),
      },
    ],
  },
];

/**
 * Every route of docs/product.md §2 in one table. The home page is in the app's chunk; every other page
 * loads its own chunk when first visited. The server renders the public pages from the same table
 * (entry-server.tsx), their loaders reading its data in process.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: () => <ProgressBar />,
    children: [
      { index: true, Component: HomePage, loader: homeLoader },
      { path: 'home', Component: HomePage, loader: homeLoader },
      {
        path: 'parts',
        lazy: async () => {
          const { PartsPage, loader } = await import('../features/parts/pages/parts-page');
          return { Component: PartsPage, loader };
        },
      },
      {
        path: 'parts/:id',
        lazy: async () => {
          const { ProductPage, loader } = await import('../features/parts/pages/product-page');
          return { Component: ProductPage, loader };
        },
      },
      {
        path: 'tools',
        lazy: async () => {
          const { ToolsPage, loader } = await import('../features/tools/pages/tools-page');
          return { Component: ToolsPage, loader };
        },
      },
      {
        path: 'tools/:id',
        lazy: async () => {
          const { ToolPage, loader } = await import('../features/tools/pages/tool-page');
          return { Component: ToolPage, loader };
        },
      },
      {
        path: 'catalog',
        lazy: async () => {
          const { CatalogPage, loader } = await import('../features/parts/pages/catalog-page');
          return { Component: CatalogPage, loader };
        },
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
        path: 'terms',
        lazy: async () => {
          const { TermsPage, loader } = await import('../features/legal/pages/legal-pages');
          return { Component: TermsPage, loader };
        },
      },
      {
        path: 'privacy',
        lazy: async () => {
          const { PrivacyPage, loader } = await import('../features/legal/pages/legal-pages');
          return { Component: PrivacyPage, loader };
        },
      },
      {
        path: 'imprint',
        lazy: async () => {
          const { ImprintPage, loader } = await import('../features/legal/pages/legal-pages');
          return { Component: ImprintPage, loader };
        },
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
        path: 'verify-email',
        lazy: async () => ({
          Component: (await import('../features/accounts/pages/verify-email-page')).VerifyEmailPage,
        }),
      },
      {
        path: 'invitations',
        lazy: async () => ({
          Component: (await import('../features/companies/pages/invitation-page')).InvitationPage,
        }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('../features/accounts/pages/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('../features/accounts/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        // Where a procurement system opens the shop (#token=po_…): rendered in the browser, which
        // alone sees the fragment.
        path: 'punchout',
        lazy: async () => ({
          Component: (await import('../features/punchout/pages/punchout-page')).PunchoutPage,
        }),
      },
      {
        Component: RequireAuth,
        children: [
          {
            path: 'purchase/:partsId',
            element: <RequireNonAdmin redirectTo="/login" />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/purchase-page')).PurchasePage,
                }),
              },
            ],
          },
          {
            path: 'order',
            element: <RequireNonAdmin redirectTo="/login" />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/order-builder/pages/order-page')).OrderPage,
                }),
              },
            ],
          },
          {
            path: 'bom',
            element: <RequireNonAdmin redirectTo="/dashboard" />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/bom/pages/bom-page')).BomPage,
                }),
              },
            ],
          },
          {
            path: 'quotes/new',
            // An admin answers quotes rather than asking for them: sent to the shop's quotes.
            element: <RequireNonAdmin redirectTo="/dashboard/quotes" />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/quotes/pages/new-quote-page')).NewQuotePage,
                }),
              },
            ],
          },
          {
            path: 'dashboard',
            lazy: async () => ({
              Component: (await import('../features/dashboard/components/dashboard-layout')).DashboardLayout,
            }),
            children: dashboardPages,
          },
        ],
      },
      {
        path: '*',
        // No page of the app: answered with HTTP 404, on the server and to the router alike.
        loader: () => data(null, { status: 404 }),
        lazy: async () => ({
          Component: (await import('../features/errors/pages/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];
