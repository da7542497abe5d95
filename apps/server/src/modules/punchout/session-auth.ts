import { PUNCHOUT_TOKEN_PREFIX } from '@shop/contract/punchout';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../http/app-error.js';
import { limit } from '../../plugins/rate-limits.js';
import { scopeOf } from '../api-keys/index.js';
import { sessionCaller } from './sessions.js';

/** The calls a punchout session makes besides the catalog's reads. */
const SESSION_CALLS = new Set(['GET /api/punchout/session', 'POST /api/punchout/transfer']);

/**
 * Requests signed with a punchout session's token (`authorization: Bearer po_…`), on every route
 * and before its own guard: a session that ended, expired or lost its member's seat → 401; past
 * the limit a minute → 429; anything but the catalog's reads (the calls an API key's
 * `catalog:read` scope allows) and the session's own calls → 403. Otherwise the caller is the
 * member the session acts as, whom the route's guard judges as usual.
 */
export function punchoutAuthentication(app: FastifyInstance, perMinute: number) {
  const perSession = app.rateLimited({
    ...limit('punchout-session', perMinute, (request) => request.caller?.punchout?.id),
    timeWindow: 60_000,
  });
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith(`Bearer ${PUNCHOUT_TOKEN_PREFIX}`)) return;
    request.caller = await sessionCaller(app.db, header.slice('Bearer '.length));
    await perSession(request);
    const route = request.routeOptions.url;
    if (route === undefined) return;
    const call = `${request.method === 'HEAD' ? 'GET' : request.method} ${route}`;
    if (SESSION_CALLS.has(call) || scopeOf(request.method, route) === 'catalog:read') return;
    throw forbidden('A punchout session may browse the catalog and transfer to procurement, nothing more');
  };
}
