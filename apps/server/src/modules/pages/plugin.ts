import { SearchQuery } from '@shop/contract/catalog';
import { PartsQuery } from '@shop/contract/parts';
import { Id } from '@shop/contract/primitives';
import { ReviewsQuery } from '@shop/contract/reviews';
import { ToolsQuery } from '@shop/contract/tools';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../../http/app-error.js';
import { punchoutPagePolicy, stripePagePolicy } from '../../http/security-headers.js';
import { registerWebApp } from '../../http/web-app.js';
import { listCategories } from '../categories/index.js';
import { operatorOf } from '../legal/index.js';
import { getPart, listCatalog, searchCatalog } from '../parts/index.js';
import { listNewestReviews } from '../reviews/index.js';
import { catalogToolLinks, getTool, toolPage } from '../tools/index.js';

/**
 * The built web app, its public pages rendered on the server with what the parts and reviews
 * services read, in process (http/web-app.ts). Registered last: its routes answer every page the
 * API does not.
 */
export const webAppPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const { db, payments } = app;
    await registerWebApp(app, webDist, {
      // Read as the API reads them, their queries checked alike (as a query string is).
      serverData: {
        parts: async (query) => listCatalog(db, PartsQuery.parse(asQueryString(query))),
        search: async (params) => {
          const query = SearchQuery.safeParse(params);
          if (!query.success)
            throw badRequest(query.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
          return searchCatalog(db, query.data, params, catalogToolLinks);
        },
        categories: async () => listCategories(db),
        part: async (id) => {
          if (!Id.safeParse(id).success) return null;
          return getPart(db, id).catch((err: unknown) => {
            if (err instanceof AppError && err.status === 404) return null;
            throw err;
          });
        },
        operator: async () => operatorOf(app.config.seller),
        tools: async (query) => toolPage(db, ToolsQuery.parse(asQueryString(query))),
        tool: async (id) => {
          if (!Id.safeParse(id).success) return null;
          return getTool(db, id).catch((err: unknown) => {
            if (err instanceof AppError && err.status === 404) return null;
            throw err;
          });
        },
        reviews: async (limit) =>
          (await listNewestReviews(db, ReviewsQuery.parse(asQueryString({ limit })))).reviews,
      },
      // Only the card payment page may load Stripe.js, and only when Stripe takes the cards; only
      // the punchout page may post a form to another site (the procurement system's).
      pagePolicy: (pathname) => {
        if (pathname === '/punchout') return punchoutPagePolicy;
        return payments.provider.name === 'stripe' && pathname.startsWith('/dashboard/payment/')
          ? stripePagePolicy
          : undefined;
      },
    });
  },
  { name: 'web-app', dependencies: ['config', 'database', 'payments'] },
);

/** Parameters as the API's query string carries them. */
const asQueryString = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
