import { STOREFRONT_PAGES, STOREFRONT_PARTS_PATH } from '@shop/contract/storefront';
import fp from 'fastify-plugin';
import { stripePagePolicy } from '../http/security-headers.js';
import { registerWebApp } from '../http/web-app.js';

/**
 * The built web app, its pages rendered on the server (http/web-app.ts). Registered last: its
 * not-found handler answers every page route the API does not.
 */
export const webAppPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const { payments, guard } = app;
    await registerWebApp(app, webDist, {
      // Only the card payment page may load Stripe.js, and only when Stripe takes the cards.
      pagePolicy: (pathname) =>
        payments.provider.name === 'stripe' && pathname.startsWith('/dashboard/payment/')
          ? stripePagePolicy
          : undefined,
      // The storefront pages show the first parts at once: their answer downloads with the script.
      pagePreloads: (pathname) => (STOREFRONT_PAGES.includes(pathname) ? [STOREFRONT_PARTS_PATH] : []),
      // Whom a page cookie names; the API checks the token again on every answer the page reads.
      pageUser: async (accessToken) => {
        const user = await guard.holder(accessToken);
        return user && { uid: user.id, name: user.name, email: user.email };
      },
    });
  },
  { name: 'web-app', dependencies: ['auth-guard', 'payments'] },
);
