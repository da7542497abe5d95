import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { ProgressBar } from '../components/ui/progress-bar';
import { USERS_PAGE_SIZE, usersQuery } from '../features/admin/api/get-users';
import { managedPartsQuery } from '../features/admin/api/managed-parts';
import { AUDIT_PAGE_SIZE, auditQuery } from '../features/audit/api/get-audit';
import { checkAdminQuery } from '../features/auth/api/check-admin';
import { RequireAdmin, RequireAuth, RequireNonAdmin } from '../features/auth/components/guards';
import { HomePage } from '../features/home/pages/home-page';
import { MESSAGES_PAGE_SIZE, messagesQuery } from '../features/messages/api/get-messages';
import {
  allOrdersQuery,
  myOrdersQuery,
  NO_ORDER_FILTERS,
  ORDERS_PAGE_SIZE,
  orderQuery,
} from '../features/orders/api/orders';
import { overviewQuery } from '../features/overview/api/get-overview';
import { partQuery } from '../features/parts/api/get-part';
import { profileQuery } from '../features/profile/api/get-profile';
import { QUOTES_PAGE_SIZE, quoteQuery, quotesQuery } from '../features/quotes/api/quotes';
import { type PageHandle, type PageParams, type PageUser, pageHandle } from '../lib/page-handle';
import { AppLayout } from './app-layout';

/**
 * A dashboard page's route: its heading, which the dashboard shows at once, its own chunk, and
 * what it shows first, if the app is to ask for that at its start. A query only that page asks for
 * is imported by its prefetch, so that it stays out of the first download.
 */
function dashboardPage(
  heading: string,
  load: () => Promise<ComponentType>,
  prefetch?: PageHandle['prefetch'],
) {
  return {
    handle: { heading, ...(prefetch ? { prefetch } : {}) } satisfies PageHandle,
    lazy: async () => ({ Component: await load() }),
  };
}

/** The first page of a paged list. */
const firstPage = (limit: number) => ({ limit, offset: 0 });

/** The dashboard's pages (docs/product.md §2): My Profile for all, then buyers' pages, then admins'. */
const dashboardPages: RouteObject[] = [
  {
    index: true,
    ...dashboardPage(
      'My Profile',
      async () => (await import('../features/profile/pages/my-profile-page')).MyProfilePage,
      async (client, user) => {
        await Promise.all([
          client.prefetchQuery(profileQuery(user.email)),
          // A buyer's delivery addresses too: the API keeps none for admins.
          client
            .fetchQuery(checkAdminQuery(user.email))
            .then(async (admin) =>
              admin
                ? undefined
                : client.prefetchQuery((await import('../features/profile/api/addresses')).addressesQuery),
            )
            .catch(() => undefined),
        ]);
      },
    ),
  },
  {
    // A quote's page, for its buyer and for admins (the API says whose it is).
    path: 'quotes/:id',
    ...dashboardPage(
      'Quote',
      async () => (await import('../features/quotes/pages/quote-page')).QuotePage,
      async (client, user, { id = '' }) => {
        const quote = await client.fetchQuery(quoteQuery(id)).catch(() => undefined);
        // An accepted quote's page says how its order stands.
        if (quote?.orderId) await client.prefetchQuery(orderQuery(quote.orderId));
        // A buyer's open offer shows where its order would go: their mobile and saved addresses.
        if (
          quote?.status === 'offered' &&
          !(await client.fetchQuery(checkAdminQuery(user.email)).catch(() => true))
        )
          await Promise.all([
            client.prefetchQuery(profileQuery(user.email)),
            import('../features/profile/api/addresses').then(({ addressesQuery }) =>
              client.prefetchQuery(addressesQuery),
            ),
          ]);
      },
    ),
  },
  {
    element: <RequireNonAdmin redirectTo="/login" />,
    children: [
      {
        path: 'my-order',
        ...dashboardPage(
          'My Order',
          async () => (await import('../features/orders/pages/my-order-page')).MyOrderPage,
          // The payments' settings too: an unpaid order's Pay link asks for them, and the server
          // renders the page for its buyer only with all it asks for (entry-server.tsx). An order
          // waiting for its company's approval says the limit it passes: the company is read too.
          async (client, user) => {
            const [page] = await Promise.all([
              client
                .fetchQuery(myOrdersQuery(user.email, firstPage(ORDERS_PAGE_SIZE)))
                .catch(() => undefined),
              import('../features/payments/api/payments').then(({ paymentsConfigQuery }) =>
                client.prefetchQuery(paymentsConfigQuery),
              ),
            ]);
            const waiting = page?.orders.find((order) => order.approval === 'pending')?.companyId;
            if (waiting)
              await client.prefetchQuery(
                (await import('../features/company-orders/api/company-orders')).companyQuery(waiting),
              );
          },
        ),
      },
      {
        path: 'lists',
        ...dashboardPage(
          'Lists',
          async () => (await import('../features/order-builder/pages/lists-page')).ListsPage,
          async (client) =>
            client.prefetchQuery((await import('../features/order-builder/api/lists')).listsQuery),
        ),
      },
      {
        path: 'my-quotes',
        ...dashboardPage(
          'My Quotes',
          async () => (await import('../features/quotes/pages/quote-list-pages')).MyQuotesPage,
          (client) => client.prefetchQuery(quotesQuery(firstPage(QUOTES_PAGE_SIZE), '')),
        ),
      },
      {
        path: 'company',
        ...dashboardPage(
          'Company',
          async () => {
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
          },
          async (client, user) => {
            const [companies, companyOrders] = await Promise.all([
              import('../features/companies/api/companies'),
              import('../features/company-orders/api/company-orders'),
            ]);
            const company = await client.fetchQuery(companies.myCompanyQuery).catch(() => undefined);
            // No company: the page asks whether the email is verified, to offer to create one.
            if (company === null) return client.prefetchQuery(profileQuery(user.email));
            const admin = company?.members.some(
              (member) => member.email === user.email && member.role === 'admin',
            );
            if (!company || !admin) return;
            // Its admins' invitations, approvals and the company's orders (their first pages).
            const page = firstPage(companyOrders.COMPANY_ORDERS_PAGE_SIZE);
            await Promise.all([
              client.prefetchQuery(companies.invitationsQuery(company._id)),
              client.prefetchQuery(companyOrders.companyOrdersQuery(company._id, page, true)),
              client.prefetchQuery(companyOrders.companyOrdersQuery(company._id, page, false)),
            ]);
          },
        ),
      },
      {
        path: 'payment/:id',
        ...dashboardPage(
          'Payment',
          async () => (await import('../features/payments/pages/payment-page')).PaymentPage,
          // The order and the payments' settings (the card form's payment is prepared in the browser).
          async (client, _user, { id = '' }) => {
            const { paymentsConfigQuery } = await import('../features/payments/api/payments');
            await Promise.all([
              client.prefetchQuery(orderQuery(id)),
              client.prefetchQuery(paymentsConfigQuery),
            ]);
          },
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
          (client) => client.prefetchQuery(overviewQuery),
        ),
      },
      {
        path: 'manage-all-order',
        ...dashboardPage(
          'Manage All Order',
          async () => (await import('../features/orders/pages/manage-all-order-page')).ManageAllOrderPage,
          (client) => client.prefetchQuery(allOrdersQuery(firstPage(ORDERS_PAGE_SIZE), NO_ORDER_FILTERS)),
        ),
      },
      {
        path: 'quotes',
        ...dashboardPage(
          'Quotes',
          async () => (await import('../features/quotes/pages/quote-list-pages')).QuotesPage,
          (client) => client.prefetchQuery(quotesQuery(firstPage(QUOTES_PAGE_SIZE), '')),
        ),
      },
      {
        path: 'companies',
        ...dashboardPage(
          'Companies',
          async () => (await import('../features/companies/pages/companies-admin-page')).CompaniesAdminPage,
          async (client) => {
            const { COMPANIES_PAGE_SIZE, companiesQuery } = await import(
              '../features/companies/api/companies'
            );
            await client.prefetchQuery(companiesQuery(firstPage(COMPANIES_PAGE_SIZE)));
          },
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
          (client) => client.prefetchQuery(usersQuery(firstPage(USERS_PAGE_SIZE))),
        ),
      },
      {
        path: 'manage-product',
        ...dashboardPage(
          'Manage Product',
          async () => (await import('../features/admin/pages/manage-product-page')).ManageProductPage,
          (client) => client.prefetchQuery(managedPartsQuery(0, '')),
        ),
      },
      {
        path: 'edit-product/:id',
        ...dashboardPage(
          'Edit Product',
          async () => (await import('../features/admin/pages/edit-product-page')).EditProductPage,
          (client, _user, { id = '' }) => client.prefetchQuery(partQuery(id)),
        ),
      },
      {
        path: 'activity',
        ...dashboardPage(
          'Activity',
          async () => (await import('../features/audit/pages/activity-page')).ActivityPage,
          (client) => client.prefetchQuery(auditQuery(firstPage(AUDIT_PAGE_SIZE))),
        ),
      },
      {
        path: 'messages',
        ...dashboardPage(
          'Messages',
          async () => (await import('../features/messages/pages/messages-page')).MessagesPage,
          (client) => client.prefetchQuery(messagesQuery(firstPage(MESSAGES_PAGE_SIZE))),
        ),
      },
    ],
  },
];

/**
 * Every route of docs/product.md §2 in one table. The home page is in the app's chunk; every other page
 * loads its own chunk when first visited. The server renders the public pages from the same table
 * (entry-server.tsx).
 */
export const routes: RouteObject[] = [
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
        path: 'parts/:id',
        lazy: async () => ({
          Component: (await import('../features/parts/pages/product-page')).ProductPage,
        }),
      },
      {
        path: 'catalog',
        lazy: async () => ({
          Component: (await import('../features/parts/pages/catalog-page')).CatalogPage,
        }),
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
        Component: RequireAuth,
        handle: { needsRole: true } satisfies PageHandle,
        children: [
          {
            path: 'purchase/:partsId',
            // The part is asked for while the page's code loads.
            handle: {
              prefetch: (client, _user, { partsId = '' }) => client.prefetchQuery(partQuery(partsId)),
            } satisfies PageHandle,
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
            path: 'quotes/new',
            // The parts of the lines its address names are asked for while the page's code loads
            // (the lines' reader comes with the page's code: it reads the order rules' limits).
            handle: {
              prefetch: async (client, _user, _params, search) => {
                const { parseLinesParam } = await import('../features/quotes/quote-lines');
                const lines = parseLinesParam(search.get('lines'));
                await Promise.all(lines.map(({ partsId }) => client.prefetchQuery(partQuery(partsId))));
              },
            } satisfies PageHandle,
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
        lazy: async () => ({
          Component: (await import('../features/errors/pages/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];

/**
 * The heading of the dashboard page at `pathname`, or null for a path that is not one: the
 * dashboard's frame with that heading is the page until the app has the user's role and the
 * page's own code (the server sends it so, see entry-server.tsx).
 */
/**
 * Asks for what a signed-in `user`'s page shows first: their role, and what the routes `matched`
 * name in their handles. The app does so while the page's code loads, the server before it renders
 * the page for them (entry-server.tsx).
 */
export function prefetchPage(
  client: QueryClient,
  matched: readonly { route: RouteObject; params: PageParams }[],
  search: URLSearchParams,
  user: PageUser,
): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(checkAdminQuery(user.email)),
    ...matched.map(({ route, params }) => pageHandle(route.handle).prefetch?.(client, user, params, search)),
  ]);
}

export function dashboardHeading(pathname: string): string | null {
  const matches = matchRoutes(routes, pathname) ?? [];
  const inDashboard = matches.some(({ route }) => route.path === 'dashboard');
  return (inDashboard && pageHandle(matches.at(-1)?.route.handle).heading) || null;
}
