import { MAX_RETURN_URL } from '@shop/contract/punchout';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { unauthenticated } from '../../http/auth-guard.js';
import { CxmlStatus, cxmlRefused, cxmlUnauthorized, headerCredentials, readSetupRequest } from './cxml.js';
import { secretMatches } from './identity.js';
import * as punchout from './repository.js';
import { openSession, waitingSession } from './sessions.js';
import type { XmlElement } from './xml.js';

/*
 * How a procurement system proves it speaks for a company (cXML: a credential of its header and
 * the Sender's SharedSecret; OCI: USERNAME and PASSWORD), and the member it then acts as.
 */

/** The identity whose credential the cXML header names and whose secret the Sender carries; 401 otherwise. */
export async function cxmlIdentity(db: Database, root: XmlElement): Promise<punchout.IdentityRow> {
  const credentials = headerCredentials(root);
  const identity = await punchout.identityByCredentials(db, credentials.names);
  if (!identity || !secretMatches(credentials.sharedSecret, identity.secret_hash))
    throw cxmlUnauthorized('The credential or its shared secret is not one this shop knows');
  return identity;
}

/**
 * The member a session or an order acts as: the one the procurement system names (by email),
 * when they are a member of the company, else the identity's buyer. `refuse` says it in the
 * protocol's form when that buyer has left the company.
 */
export async function actingMember(
  db: Database,
  identity: punchout.IdentityRow,
  email: string | undefined,
  refuse: (message: string) => Error,
) {
  const named = email ? await punchout.memberByEmail(db, identity.company_id, email) : undefined;
  const member =
    named && named.user_role !== 'admin'
      ? named
      : await punchout.memberById(db, identity.company_id, identity.buyer_id);
  if (!member || member.user_role === 'admin')
    throw refuse("The company's punchout buyer is no longer one of its members: its admin names another");
  return member;
}

/** A return address the browser may post to: an absolute http(s) URL without credentials. */
export function returnUrl(value: string | undefined): string | undefined {
  if (!value || value.length > MAX_RETURN_URL) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return undefined;
  return url.href;
}

/** A PunchOutSetupRequest: a session waiting for its StartPage to be opened; answers that page's token. */
export async function setupSession(db: Database, root: XmlElement): Promise<string> {
  const identity = await cxmlIdentity(db, root);
  const setup = readSetupRequest(root);
  const url = returnUrl(setup.browserFormPost);
  if (!url) throw cxmlRefused('The BrowserFormPost URL must be an http(s) address without credentials');
  if (setup.buyerCookie.length > 1000) throw cxmlRefused('The BuyerCookie is longer than 1000 characters');
  const member = await actingMember(
    db,
    identity,
    setup.userEmail,
    (message) => new CxmlStatus(403, 'Forbidden', message),
  );
  return waitingSession(db, {
    companyId: identity.company_id,
    userId: member.id,
    protocol: 'cxml',
    returnUrl: url,
    buyerCookie: setup.buyerCookie,
  });
}

/** An OCI call: its USERNAME and PASSWORD checked (401), a session opened at once; answers its token. */
export async function ociSession(
  db: Database,
  query: { USERNAME: string; PASSWORD: string; HOOK_URL: string },
): Promise<string> {
  const identity = await punchout.identityByOciUser(db, query.USERNAME);
  if (!identity || !secretMatches(query.PASSWORD, identity.secret_hash))
    throw unauthenticated('The OCI USERNAME or PASSWORD is not one this shop knows');
  const url = returnUrl(query.HOOK_URL);
  if (!url) throw new AppError('validation', 'HOOK_URL must be an http(s) address without credentials');
  const member = await actingMember(db, identity, undefined, (message) => new AppError('forbidden', message));
  return openSession(db, {
    companyId: identity.company_id,
    userId: member.id,
    protocol: 'oci',
    returnUrl: url,
  });
}
