import type { Session } from '@shop/contract/auth';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import { findUserByEmail, findUserById } from '../users/index.js';
import {
  findUserByGoogleSub,
  insertGoogleUser,
  issueGoogleCode,
  linkGoogle,
  useGoogleCode,
} from './google-repository.js';
import { type GoogleIdentity, GoogleSignInError } from './google-sign-in.js';
import { type AuthDeps, session, startSession } from './service.js';
import { removeEarlierHolder } from './take-back.js';

const INVALID_CODE =
  'This Google sign-in has expired or was started in another browser. Please sign in again.';

/**
 * Google vouched for this identity (its email verified): find its account, by Google's subject
 * first, else by email, or open one (with no password: only Google signs it in). Hands back a
 * one-time code for that account and the value that binds the code to this browser.
 */
export async function finishGoogleSignIn(
  deps: AuthDeps,
  identity: GoogleIdentity,
): Promise<{ code: string; browser: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const user = await accountFor(trx, identity);
    return issueGoogleCode(trx, user.id);
  });
}

async function accountFor(db: Database, identity: GoogleIdentity): Promise<UserRow> {
  const linked = await findUserByGoogleSub(db, identity.sub);
  if (linked) return linked;
  const existing = await findUserByEmail(db, identity.email);
  if (existing) return link(db, existing, identity.sub);
  const created: UserRow = {
    id: newId(),
    name: identity.name,
    email: identity.email,
    password_hash: null,
    role: null,
    mobile: null,
    created_at: nowIso(),
    email_verified_at: nowIso(),
    google_sub: identity.sub,
  };
  if (await insertGoogleUser(db, created)) return created;
  // Two first sign-ins at once: the second finds the account the first one made.
  const made = (await findUserByGoogleSub(db, identity.sub)) ?? (await findUserByEmail(db, identity.email));
  if (!made) throw new Error('The account made for a Google sign-in cannot be found');
  return made.google_sub === identity.sub ? made : link(db, made, identity.sub);
}

/**
 * Links an account found by its email. Nobody proved that email theirs: whoever signed up with it
 * (perhaps someone waiting for its owner to arrive through Google, the "pre-hijacked account")
 * loses the password and every sign-in before the owner comes in.
 */
async function link(db: Database, user: UserRow, sub: string): Promise<UserRow> {
  if (user.google_sub && user.google_sub !== sub) throw new GoogleSignInError('google_account_conflict');
  const unverified = user.email_verified_at === null;
  if (!(await linkGoogle(db, user, sub, unverified))) {
    // Linked by another sign-in meanwhile: to this identity, or to another.
    const now = await findUserByGoogleSub(db, sub);
    if (now?.id === user.id) return now;
    throw new GoogleSignInError('google_account_conflict');
  }
  if (unverified) await removeEarlierHolder(db, user.id);
  await recordAudit(db, {
    actor: { id: user.id, email: user.email },
    action: 'user.google_linked',
    subjectId: user.id,
    before: { emailVerified: !unverified, password: user.password_hash !== null },
    after: {
      emailVerified: true,
      password: !unverified && user.password_hash !== null,
      sessionsEnded: unverified,
    },
  });
  return { ...user, google_sub: sub, password_hash: unverified ? null : user.password_hash };
}

/**
 * The web app hands in the code with the browser's cookie: a session, once, and only for the
 * browser the code was made for; anything else signs nobody in.
 */
export async function exchangeGoogleCode(
  deps: AuthDeps,
  code: string,
  browser: string | undefined,
): Promise<Session> {
  if (!browser) throw new AppError('invalid_code', INVALID_CODE);
  return deps.db.transaction().execute(async (trx) => {
    const userId = await useGoogleCode(trx, code, browser);
    const user = userId && (await findUserById(trx, userId));
    if (!user) throw new AppError('invalid_code', INVALID_CODE);
    return session(user, await startSession({ ...deps, db: trx }, user));
  });
}
