import { CompanyIdParams } from '@shop/contract/companies';
import { ErrorBody } from '@shop/contract/errors';
import {
  MAX_CXML_BYTES,
  PunchoutIdentity,
  PunchoutIdentityBody,
  PunchoutSession,
  SESSION_HOURS,
  START_MINUTES,
  TransferBody,
  TransferForm,
} from '@shop/contract/punchout';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { addressKey } from '../../http/address-key.js';
import { forbidden } from '../../http/app-error.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import type { OrderDeps } from '../orders/index.js';
import { CxmlStatus, cxmlResponse } from './cxml.js';
import { identityOf, type PunchoutUrls, setIdentity } from './identity.js';
import { ociSession, setupSession } from './protocol.js';
import { placePurchaseOrder } from './purchase-orders.js';
import { landingPage, openWithStartToken, type SessionCaller, sessionOf } from './sessions.js';
import { transfer } from './transfer.js';
import { parseXml, XmlRefused } from './xml.js';

export interface PunchoutRouteDeps {
  db: Database;
  guard: AuthGuard;
  urls: PunchoutUrls;
  orders: OrderDeps;
  perIp: number;
}

const tags = ['punchout'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const XML_TYPES = ['text/xml', 'application/xml'];
const CxmlDocument = z.string().describe('a cXML document (text/xml or application/xml)');

/** A company's admins set the identity its procurement system punches out with. */
function identityRoutes(app: FastifyInstance, deps: PunchoutRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard, urls } = deps;
  api.get(
    '/api/companies/:id/punchout',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary:
          "The company's punchout identity (its admins): the cXML credential and OCI user its procurement system uses, the member it acts as, and the addresses to give the procurement team; none yet → 404",
        security,
        params: CompanyIdParams,
        response: { 200: PunchoutIdentity, ...errors },
      },
    },
    async (request) => identityOf(db, callerOf(request), request.params.id, urls),
  );
  api.put(
    '/api/companies/:id/punchout',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary:
          "Set the company's punchout identity (its admins): the first time, or with `newSecret: true`, a new shared secret is made and answered this once (the shop keeps only its hash)",
        description:
          "The cXML credential (domain and identity) and the OCI user name no other company uses (409 conflict); `buyerEmail` one of the company's members (422 not_a_member). Audited.",
        security,
        params: CompanyIdParams,
        body: PunchoutIdentityBody,
        response: { 200: PunchoutIdentity, 409: ErrorBody, 415: ErrorBody, 422: ErrorBody, ...errors },
      },
    },
    async (request) => setIdentity(db, callerOf(request), request.params.id, request.body, urls),
  );
}

/** The session's own calls: what it is, and "Transfer to procurement". */
function sessionRoutes(app: FastifyInstance, deps: PunchoutRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard, urls } = deps;
  // Before the body is read: anyone but a session hears 403, whatever they sent.
  const sessionOnly = async (request: FastifyRequest) => {
    if (!callerOf(request).punchout) throw forbidden('Only a punchout session makes this call');
  };
  const sessionCaller = (request: FastifyRequest) => callerOf(request) as SessionCaller;
  api.get(
    '/api/punchout/session',
    {
      onRequest: [guard.user, sessionOnly],
      schema: {
        tags,
        summary:
          'The punchout session the `po_` token stands for (any other caller → 403); ended or expired → 401',
        security,
        response: { 200: PunchoutSession, ...errors },
      },
    },
    async (request) => sessionOf(db, sessionCaller(request)),
  );
  api.post(
    '/api/punchout/transfer',
    {
      onRequest: [guard.user, sessionOnly],
      schema: {
        tags,
        summary:
          '"Transfer to procurement": the lines priced as the session\'s member buys them → the form the browser posts to the procurement system (cXML: `cxml-urlencoded` holding a PunchOutOrderMessage; OCI: the `NEW_ITEM-…[n]` fields); the session ends',
        description:
          'Lines as `POST /api/orders` takes them and refused as it refuses them (404 an unknown part, 422 part_obsolete, quantity_out_of_range). Each line is classified by the UNSPSC code of its part\'s category, else of the nearest category above it with one (cXML `<Classification domain="UNSPSC">`, OCI `NEW_ITEM-MATGROUP`); without a code by the category\'s id (`domain="ShopCategory"`; `parts` for a part without a category). A second transfer of the same session → 401.',
        security,
        body: TransferBody,
        response: { 200: TransferForm, 415: ErrorBody, 422: ErrorBody, ...errors },
      },
    },
    async (request) => transfer(db, sessionCaller(request), request.body, new URL(urls.publicUrl).host),
  );
}

/** Answers a cXML request: its document, or the refusal in cXML's form with its code as the status. */
async function answerCxml(
  reply: FastifyReply,
  host: string,
  work: () => Promise<{ text: string; startPage?: string }>,
) {
  reply.type('text/xml; charset=utf-8');
  try {
    const done = await work();
    return reply
      .status(200)
      .send(await cxmlResponse(host, { code: 200, text: 'OK', message: done.text }, done.startPage));
  } catch (error) {
    const status =
      error instanceof CxmlStatus
        ? error
        : error instanceof XmlRefused
          ? new CxmlStatus(400, 'Bad Request', error.message)
          : undefined;
    if (!status) throw error;
    return reply
      .status(status.code)
      .send(await cxmlResponse(host, { code: status.code, text: status.text, message: status.message }));
  }
}

/** The procurement system's calls: cXML setup and purchase orders, the OCI link, the StartPage. */
function protocolRoutes(app: FastifyInstance, deps: PunchoutRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, urls } = deps;
  const host = new URL(urls.publicUrl).host;
  const rateLimit = limit('punchout-ip', deps.perIp, (request) => addressKey(request.ip));
  app.addContentTypeParser(
    XML_TYPES,
    { parseAs: 'string', bodyLimit: MAX_CXML_BYTES },
    (_request, body, done) => done(null, body),
  );
  const cxmlCall = { tags, consumes: XML_TYPES, produces: ['text/xml'], body: CxmlDocument };
  api.post(
    '/api/punchout/cxml/setup',
    {
      config: { rateLimit },
      schema: {
        ...cxmlCall,
        summary:
          "cXML PunchOutSetupRequest (the company's credential in From or Sender, the SharedSecret in Sender) → PunchOutSetupResponse with a one-use StartPage URL",
        description: `The StartPage opens a session within ${START_MINUTES} minutes, once; the session lasts ${SESSION_HOURS} hours or until its transfer. The member named by the request's UserEmail (Extrinsic) or Contact Email, else the identity's buyer, is whom it acts as. Wrong credentials → 401, a malformed document (or one declaring entities) → 400, both as cXML Status.`,
      },
    },
    async (request, reply) =>
      answerCxml(reply, host, async () => {
        const token = await setupSession(db, parseXml(request.body));
        return { text: 'OK', startPage: `${urls.publicUrl}/api/punchout/start/${token}` };
      }),
  );
  api.post(
    '/api/punchout/cxml/order',
    {
      config: { rateLimit },
      schema: {
        ...cxmlCall,
        summary:
          'cXML OrderRequest (same credentials) → an order as `POST /api/orders` places it, for the member whose session the lines came from; cXML Status 200 naming the order',
        description:
          "orderID becomes the order's PO number; the ShipTo address and its telephone number the delivery's. A payloadID sent before answers the order it made. A line priced below today's price for the buyer → 409; the order's own refusals (stock, limits) → their status, in cXML.",
      },
    },
    async (request, reply) =>
      answerCxml(reply, host, async () => {
        const placed = await placePurchaseOrder(deps.orders, parseXml(request.body));
        return { text: `Order ${placed.number} ${placed.again ? 'was placed before' : 'placed'}` };
      }),
  );
  api.get(
    '/api/punchout/start/:token',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'A StartPage: opens its session once → 302 to the shop with the session token; used or expired → 401',
        params: z.object({ token: z.string().max(100) }),
        response: { 401: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.redirect(landingPage(await openWithStartToken(db, request.params.token)), 302),
  );
  api.get(
    '/api/punchout/oci',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'OCI: `USERNAME`, `PASSWORD` (the shared secret) and `HOOK_URL` → 302 into a punchout session; wrong credentials → 401',
        description: `The session lasts ${SESSION_HOURS} hours or until "Transfer to procurement" posts the NEW_ITEM fields to HOOK_URL. The query is never logged.`,
        querystring: z.object({
          USERNAME: z.string().min(1).max(200),
          PASSWORD: z.string().min(1).max(200),
          HOOK_URL: z.string().min(1).max(2000),
        }),
        response: { ...errors },
      },
    },
    async (request, reply) => reply.redirect(landingPage(await ociSession(db, request.query)), 302),
  );
}

export function punchoutRoutes(app: FastifyInstance, deps: PunchoutRouteDeps) {
  identityRoutes(app, deps);
  sessionRoutes(app, deps);
  protocolRoutes(app, deps);
}
