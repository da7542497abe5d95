import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  NO_PUNCHOUT_MESSAGE,
  PUNCHOUT_BUYER_MESSAGE,
  PUNCHOUT_TAKEN_MESSAGE,
  type PunchoutIdentity,
  type PunchoutIdentityBody,
} from '@shop/contract/punchout';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/row-locks.js';
import { AppError, conflict } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import { requireCompanyAdmin } from '../companies/index.js';
import * as punchout from './repository.js';

/** How the shop keeps a shared secret or a token: its SHA-256 (each is 32 random bytes). */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether the secret a request carries is the one whose hash the shop keeps (in constant time). */
export function secretMatches(secret: string | undefined, hash: string): boolean {
  if (!secret) return false;
  return timingSafeEqual(Buffer.from(hashSecret(secret)), Buffer.from(hash));
}

/** The shop's own addresses, which the identity names for the procurement team. */
export interface PunchoutUrls {
  publicUrl: string;
}

function toIdentity(
  row: punchout.IdentityRow & { buyer_email: string },
  urls: PunchoutUrls,
): PunchoutIdentity {
  return {
    companyId: row.company_id,
    domain: row.domain,
    identity: row.identity,
    ociUsername: row.oci_username,
    buyerEmail: row.buyer_email,
    secretSetAt: row.secret_set_at,
    setupUrl: `${urls.publicUrl}/api/punchout/cxml/setup`,
    orderUrl: `${urls.publicUrl}/api/punchout/cxml/order`,
    ociUrl: `${urls.publicUrl}/api/punchout/oci`,
  };
}

/** The company's punchout identity, to its admins; none yet → 404. */
export async function identityOf(
  db: Database,
  caller: Caller,
  companyId: string,
  urls: PunchoutUrls,
): Promise<PunchoutIdentity> {
  await requireCompanyAdmin(db, caller, companyId);
  const row = await punchout.identityOf(db, companyId);
  if (!row) throw new AppError('not_found', NO_PUNCHOUT_MESSAGE);
  return toIdentity(row, urls);
}

/**
 * Sets the company's punchout identity (its admins, with the company locked): the credential
 * and OCI user no other company uses (409), the member sessions act as by default (422 when not
 * one). The first time, or when asked, a new shared secret is made and answered this once.
 */
export async function setIdentity(
  db: Database,
  caller: Caller,
  companyId: string,
  body: PunchoutIdentityBody,
  urls: PunchoutUrls,
): Promise<PunchoutIdentity> {
  const write = db.transaction().execute(async (trx) => {
    await requireCompanyAdmin(trx, caller, companyId, { lock: true });
    const buyer = await punchout.memberByEmail(trx, companyId, body.buyerEmail);
    if (!buyer || buyer.user_role === 'admin') throw new AppError('not_a_member', PUNCHOUT_BUYER_MESSAGE);
    if (await punchout.identityTaken(trx, companyId, body)) throw conflict(PUNCHOUT_TAKEN_MESSAGE);
    const existing = await punchout.identityOf(trx, companyId);
    const made = !existing || body.newSecret ? randomBytes(32).toString('base64url') : undefined;
    await punchout.upsertIdentity(trx, {
      company_id: companyId,
      domain: body.domain,
      identity: body.identity,
      oci_username: body.ociUsername,
      buyer_id: buyer.id,
      ...(made ? { secret_hash: hashSecret(made), secret_set_at: nowIso() } : {}),
    });
    await recordAudit(trx, {
      actor: caller,
      action: 'company.punchout_set',
      subjectId: companyId,
      after: {
        domain: body.domain,
        identity: body.identity,
        ociUsername: body.ociUsername,
        buyerEmail: buyer.email,
        newSecret: made !== undefined,
      },
    });
    const written = await punchout.identityOf(trx, companyId);
    if (!written) throw new Error('the identity was just written');
    return made ? { ...toIdentity(written, urls), sharedSecret: made } : toIdentity(written, urls);
  });
  // Two companies claiming the same credential at once: the index keeps one, the other hears 409.
  return write.catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflict(PUNCHOUT_TAKEN_MESSAGE) : error;
  });
}
