import { z } from 'zod';
import { MAX_ORDER_LINES, partLines } from './orders.js';
import { Email, Id, line } from './primitives.js';

/*
 * Punchout (docs/api.md, "Punchout"): a company's procurement system opens the shop for one of
 * its buyers (cXML PunchOutSetupRequest, or an OCI link), the buyer fills the order builder, and
 * "Transfer to procurement" answers the procurement system with the lines instead of a checkout.
 * The purchase order then comes back as a cXML OrderRequest.
 */

/** The most characters of a return address (cXML BrowserFormPost, OCI HOOK_URL). */
export const MAX_RETURN_URL = 2000;
/** How long a StartPage address may wait to be opened, and how long a session lasts once open. */
export const START_MINUTES = 5;
export const SESSION_HOURS = 8;
/** The largest cXML document the shop reads. */
export const MAX_CXML_BYTES = 512 * 1024;

/** The token's prefix and the ended session's words live zod-free, for the web app's first download. */
export { PUNCHOUT_TOKEN_PREFIX, SESSION_ENDED_MESSAGE } from './punchout-words.js';

const Credential = line({ min: 1, max: 200 });

/** `PUT /api/companies/{id}/punchout`: what the company's procurement system says it is. */
export const PunchoutIdentityBody = z.strictObject({
  domain: Credential.describe(
    'the cXML credential domain the procurement system sends (From or Sender), e.g. NetworkID',
  ),
  identity: Credential.describe('the cXML credential identity within that domain'),
  ociUsername: Credential.describe('the OCI USERNAME'),
  buyerEmail: Email.describe(
    "the company member a session or a purchase order acts as when the procurement system names none of the company's members (its UserEmail)",
  ),
  newSecret: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .describe('true: make a new shared secret (the old one stops working); the first PUT always makes one'),
});
export type PunchoutIdentityBody = z.infer<typeof PunchoutIdentityBody>;

/** The company's punchout identity, and where its procurement system sends what. */
export const PunchoutIdentity = z.object({
  companyId: Id,
  domain: z.string(),
  identity: z.string(),
  ociUsername: z.string(),
  buyerEmail: z.string(),
  secretSetAt: z.string(),
  setupUrl: z.string().describe('where the cXML PunchOutSetupRequest goes'),
  orderUrl: z.string().describe('where the cXML OrderRequest goes'),
  ociUrl: z.string().describe('the OCI address, to call with USERNAME, PASSWORD and HOOK_URL'),
  sharedSecret: z
    .string()
    .optional()
    .describe(
      'the shared secret (cXML SharedSecret, OCI PASSWORD): only in the answer of the PUT that made it',
    ),
});
export type PunchoutIdentity = z.infer<typeof PunchoutIdentity>;

/** `GET /api/companies/{id}/punchout` before any PUT. */
export const NO_PUNCHOUT_MESSAGE = 'This company has no punchout identity yet';
export const PUNCHOUT_TAKEN_MESSAGE = 'Another company already uses this cXML identity or OCI user';
export const PUNCHOUT_BUYER_MESSAGE = 'The punchout buyer must be a member of this company';

/** `GET /api/punchout/session`: the session the token stands for, as the web app shows it. */
export const PunchoutSession = z.object({
  protocol: z.enum(['cxml', 'oci']),
  companyName: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  expiresAt: z.string(),
});
export type PunchoutSession = z.infer<typeof PunchoutSession>;

/** `POST /api/punchout/transfer`: the order builder's lines, priced on the server. */
export const TransferBody = z.strictObject({ lines: partLines(1, MAX_ORDER_LINES) });
export type TransferBody = z.infer<typeof TransferBody>;

/**
 * The answer: the form the browser posts to the procurement system (cXML: one field
 * `cxml-urlencoded`; OCI: the `NEW_ITEM-…[n]` fields). The session ends with it.
 */
export const TransferForm = z.object({
  action: z.string(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type TransferForm = z.infer<typeof TransferForm>;
