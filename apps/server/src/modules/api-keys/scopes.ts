import type { ApiKeyScope } from '@shop/contract/api-keys';

/**
 * The one place that says which calls an API key may make, and the scope each needs: a call not
 * listed here (the shop's admin work, accounts, companies, payments, the keys themselves) is
 * refused to every key (403), whatever its scopes. The route's own guard still decides as it does
 * for the key's creator: a key acts with its creator's rights and no more.
 */
const ROUTE_SCOPES: Record<string, ApiKeyScope> = {
  'GET /api/parts': 'catalog:read',
  'GET /api/partsById': 'catalog:read',
  'GET /api/catalog/search': 'catalog:read',
  'GET /api/categories': 'catalog:read',
  'GET /api/tools': 'catalog:read',
  'GET /api/tools/fitting': 'catalog:read',
  'GET /api/tools/:id': 'catalog:read',
  'GET /api/images/:file': 'catalog:read',
  'GET /api/customer-part-numbers': 'catalog:read',
  'POST /api/bom': 'catalog:read',

  'GET /api/purchaseByEmail': 'orders:read',
  'GET /api/purchaseById/:id': 'orders:read',
  'GET /api/purchaseById/:id/invoice': 'orders:read',
  'GET /api/purchaseById/:id/credit-notes/:number': 'orders:read',
  'GET /api/purchaseById/:id/packing-slip': 'orders:read',
  'GET /api/companies/:id/orders': 'orders:read',

  'POST /api/purchase': 'orders:write',
  'POST /api/orders': 'orders:write',
  'DELETE /api/purchaseById/:id': 'orders:write',
  'POST /api/purchaseById/:id/lines/:partsId/cancel-backorder': 'orders:write',

  'GET /api/quotes': 'quotes:write',
  'POST /api/quotes': 'quotes:write',
  'GET /api/quotes/:id': 'quotes:write',
  'POST /api/quotes/:id/accept': 'quotes:write',
  'POST /api/quotes/:id/decline': 'quotes:write',
  'GET /api/quotes/:id/messages': 'quotes:write',
  'POST /api/quotes/:id/messages': 'quotes:write',
};

/** The scope a call to the route (its method and pattern) needs; undefined: no key may call it. */
export function scopeOf(method: string, routeUrl: string): ApiKeyScope | undefined {
  return ROUTE_SCOPES[`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`];
}

/** Every call a key may make, as `METHOD /route/pattern`, with its scope. */
export const scopedCalls = (): [string, ApiKeyScope][] => Object.entries(ROUTE_SCOPES);
