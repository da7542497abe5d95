import { randomBytes } from 'node:crypto';
import {
  PUNCHOUT_TOKEN_PREFIX,
  type PunchoutSession,
  SESSION_ENDED_MESSAGE,
  SESSION_HOURS,
  START_MINUTES,
} from '@shop/contract/punchout';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { Caller } from '../../http/auth-guard.js';
import { unauthenticated } from '../../http/auth-guard.js';
import { hashSecret } from './identity.js';
import * as punchout from './repository.js';

/** Where the web app takes a session's token (in the fragment, which no server or log sees). */
export const landingPage = (token: string) => `/punchout#token=${token}`;

const newToken = (prefix = '') => `${prefix}${randomBytes(32).toString('base64url')}`;
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Who a session acts as: the member the procurement system names, else the identity's buyer. */
export interface SessionStart {
  companyId: string;
  userId: string;
  protocol: 'cxml' | 'oci';
  returnUrl: string;
  buyerCookie?: string;
}

/** A session's row: who it acts as and where it returns, with how it opens (`opening`). */
function sessionRow(
  start: SessionStart,
  opening: Pick<punchout.SessionRow, 'start_hash' | 'start_expires_at' | 'token_hash' | 'expires_at'>,
): punchout.SessionRow {
  return {
    id: newId(),
    company_id: start.companyId,
    user_id: start.userId,
    protocol: start.protocol,
    return_url: start.returnUrl,
    buyer_cookie: start.buyerCookie ?? null,
    ...opening,
    ended_at: null,
    created_at: nowIso(),
  };
}

/**
 * A cXML session, waiting to be opened: answers the token of its StartPage, which opens it once
 * within START_MINUTES.
 */
export async function waitingSession(db: Database, start: SessionStart): Promise<string> {
  const startToken = newToken();
  await punchout.insertSession(
    db,
    sessionRow(start, {
      start_hash: hashSecret(startToken),
      start_expires_at: later(START_MINUTES * 60_000),
      token_hash: null,
      expires_at: null,
    }),
  );
  return startToken;
}

/** Opens the session of a StartPage token: its session token, or 401 (used, expired or unknown). */
export async function openWithStartToken(db: Database, startToken: string): Promise<string> {
  const token = newToken(PUNCHOUT_TOKEN_PREFIX);
  const open = { token_hash: hashSecret(token), expires_at: later(SESSION_HOURS * 3_600_000) };
  if (!(await punchout.openStartedSession(db, hashSecret(startToken), open, nowIso())))
    throw unauthenticated(
      'This punchout link was used already or has expired: start again from your procurement system',
    );
  return token;
}

/** An OCI session, open at once (OCI has no setup step): its token. */
export async function openSession(db: Database, start: SessionStart): Promise<string> {
  const token = newToken(PUNCHOUT_TOKEN_PREFIX);
  await punchout.insertSession(
    db,
    sessionRow(start, {
      start_hash: null,
      start_expires_at: null,
      token_hash: hashSecret(token),
      expires_at: later(SESSION_HOURS * 3_600_000),
    }),
  );
  return token;
}

export type SessionCaller = Caller & { punchout: NonNullable<Caller['punchout']> };

/**
 * The caller a session token stands for: the member it acts as, while the session is open (not
 * transferred, not expired) and they still hold their seat in the company and are not the shop's
 * admin. Anything else → 401.
 */
export async function sessionCaller(db: Database, token: string): Promise<SessionCaller> {
  const row = await punchout.sessionHolder(db, hashSecret(token));
  const open =
    row &&
    !row.ended_at &&
    row.expires_at &&
    row.expires_at > nowIso() &&
    row.seat_role &&
    row.user_role !== 'admin';
  if (!open) throw unauthenticated(SESSION_ENDED_MESSAGE);
  return {
    id: row.user_id,
    name: row.user_name,
    email: row.user_email,
    role: null,
    sessionId: `punchout:${row.id}`,
    punchout: { id: row.id, companyId: row.company_id },
  };
}

/** What the web app shows of the caller's session. */
export async function sessionOf(db: Database, caller: SessionCaller): Promise<PunchoutSession> {
  const row = await punchout.sessionWithNames(db, caller.punchout.id);
  if (!row?.expires_at) throw unauthenticated(SESSION_ENDED_MESSAGE);
  return {
    protocol: row.protocol,
    companyName: row.company_name,
    buyerName: row.user_name,
    buyerEmail: row.user_email,
    expiresAt: row.expires_at,
  };
}
