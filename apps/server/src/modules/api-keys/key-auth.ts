import { API_KEY_PREFIX } from '@shop/contract/api-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../http/app-error.js';
import { unauthenticated } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import { scopeOf } from './scopes.js';
import { keyCaller, noteKeyUse } from './service.js';

/**
 * Requests signed with an API key (`authorization: Bearer sk_live_…`), on every route and before
 * its own guard: an unknown, revoked or dead key → 401; past the key's limit a minute → 429; a
 * call that no key may make, or outside the key's scopes → 403. Otherwise the request's caller is
 * the key's creator (narrowed to its scopes), whom the route's guard then judges as usual.
 */
export function apiKeyAuthentication(app: FastifyInstance, perMinute: number) {
  const perKey = app.rateLimited({
    ...limit('api-key', perMinute, (request) => request.caller?.apiKey?.id),
    timeWindow: 60_000,
  });
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith(`Bearer ${API_KEY_PREFIX}`)) return;
    const caller = await keyCaller(app.db, header.slice('Bearer '.length));
    if (!caller) throw unauthenticated('This API key is unknown, revoked or no longer valid');
    request.caller = caller;
    await perKey(request);
    const route = request.routeOptions.url;
    // An unknown address answers 404 as it does to anyone.
    if (route === undefined) return;
    const scope = scopeOf(request.method, route);
    if (!scope) throw forbidden('API keys may not make this call: sign in to the shop instead');
    if (!caller.apiKey.scopes.includes(scope)) throw forbidden(`This API key lacks the ${scope} scope`);
    await noteKeyUse(app.db, caller.apiKey);
  };
}
