import type { ChangePasswordBody, PasswordResetBody } from '@shop/contract/accounts';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, conflict, forbidden } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import type { KnownAddresses, PasswordChangeFailures, PasswordHashing } from '../auth/index.js';
import { removeEarlierHolder, revokeUserFamilies } from '../auth/index.js';
import { findUserByEmail, findUserById, setPasswordHash } from '../users/index.js';
import type { AccountMail } from './account-mail.js';
import type { LinkPurpose, LinkTokens } from './links.js';
import { endUnusedLinks, markEmailVerified, redeemLink, releaseLink, usableLinkOwner } from './repository.js';

/** Mails asked for are limited by their routes (routes.ts); failed password changes here. */
export interface AccountLimits {
  passwordChangeFailures: PasswordChangeFailures;
}

export interface AccountDeps {
  db: Database;
  passwords: PasswordHashing;
  links: LinkTokens;
  accountMail: AccountMail;
  limits: AccountLimits;
  /** The addresses each account signed in from (auth/known-addresses.ts). */
  knownAddresses: KnownAddresses;
}

const INVALID_LINK: Record<LinkPurpose, string> = {
  verify_email: 'This verification link is used, expired or unknown. Ask for a new one.',
  password_reset: 'This password reset link is used, expired or unknown. Ask for a new one.',
};
const invalidToken = (purpose: LinkPurpose) => new AppError('invalid_token', INVALID_LINK[purpose]);

/** The link's id when the token's MAC is right; the database is asked only then. */
function linkOf(deps: AccountDeps, purpose: LinkPurpose, token: string): string {
  const id = deps.links.read(purpose, token);
  if (!id) throw invalidToken(purpose);
  return id;
}

export const VERIFY_IN_OWN_ACCOUNT =
  "This link verifies another account's email. Sign in with that account's password to use it, or reset that account's password.";

/**
 * POST /api/auth/verify-email: the mailed link proves its reader has the mailbox, and the caller's
 * session proves they hold the account's password: only both together verify the email. A link
 * alone would let someone who signed up with another's email, and set the password, keep the
 * account once its owner clicks the genuine mail; its owner takes it back by a reset instead.
 */
export async function verifyEmail(deps: AccountDeps, caller: Caller, token: string): Promise<void> {
  const id = linkOf(deps, 'verify_email', token);
  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const owner = await usableLinkOwner(trx, id, 'verify_email', now);
    if (!owner) throw invalidToken('verify_email');
    if (owner !== caller.id) throw forbidden(VERIFY_IN_OWN_ACCOUNT);
    if (!(await redeemLink(trx, id, 'verify_email', now))) throw invalidToken('verify_email');
    await markEmailVerified(trx, owner, now);
  });
}

/** POST /api/auth/verify-email/resend: a new link for the signed-in user; 409 once verified. */
export async function resendVerification(deps: AccountDeps, caller: Caller): Promise<void> {
  const user = await findUserById(deps.db, caller.id);
  if (!user) throw new AppError('unauthenticated', 'Your account no longer exists');
  if (user.email_verified_at) throw conflict('Your email is already verified');
  await deps.accountMail.send(deps.db, user, 'verify_email');
}

/**
 * POST /api/auth/password-reset/request: the same answer whether or not the account exists. No
 * hash is computed in either case, and the mail is sent later by the outbox, so the time taken
 * tells as little as the answer (its limits are the route's). A new link leaves the older ones
 * working: a stranger's request cannot void the link the owner is about to use.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  await deps.accountMail.send(deps.db, user, 'password_reset');
}

/**
 * POST /api/auth/password-reset: the new password, the email counted as verified (the person
 * read the mail), every sign-in of the account ended and its other reset links with them. The
 * link is taken first, so of many using it at once only the winner spends a password hash; if
 * that hash cannot be made (too many waiting, the client left), the link is given back and works
 * again. The address it was used from becomes the account's own (`ip`, known-addresses.ts): an
 * owner locked out of a new address by strangers' guessing signs in there after the reset.
 */
export async function resetPassword(
  deps: AccountDeps,
  body: PasswordResetBody,
  ip: string,
  signal?: AbortSignal,
): Promise<void> {
  const id = linkOf(deps, 'password_reset', body.token);
  const takenAt = nowIso();
  const userId = await redeemLink(deps.db, id, 'password_reset', takenAt);
  if (!userId) throw invalidToken('password_reset');
  let hash: string;
  try {
    hash = await deps.passwords.hash(body.password, signal);
  } catch (error) {
    await releaseLink(deps.db, id, takenAt);
    throw error;
  }
  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    // Nobody had proved the mailbox theirs: whoever set the old password may not be its owner, so
    // the owner takes the account back clean (take-back.ts); else only the sign-ins end.
    const verified = (await findUserById(trx, userId))?.email_verified_at;
    await setPasswordHash(trx, userId, hash);
    await markEmailVerified(trx, userId, now);
    if (verified) await revokeUserFamilies(trx, userId);
    else await removeEarlierHolder(trx, userId);
    await endUnusedLinks(trx, userId, 'password_reset', now);
  });
  const user = await findUserById(deps.db, userId);
  if (user) await deps.knownAddresses.remember(user.email, ip);
}

/**
 * PUT /api/auth/password: the current password proves it is the owner at the keyboard; every
 * other sign-in of the account ends, the caller's goes on.
 */
export async function changePassword(
  deps: AccountDeps,
  caller: Caller,
  body: ChangePasswordBody,
  signal?: AbortSignal,
): Promise<void> {
  const user = await findUserById(deps.db, caller.id);
  if (!user) throw new AppError('unauthenticated', 'Your account no longer exists');
  if (!user.password_hash) {
    throw conflict(
      'Your account has no password yet (you sign in with Google). Set one with "Forgot password?"',
    );
  }
  const stored = user.password_hash;
  const matches = await deps.limits.passwordChangeFailures.check(caller.id, () =>
    deps.passwords.verify(body.currentPassword, stored, signal),
  );
  if (!matches) throw new AppError('unauthenticated', 'Your current password is wrong');
  const hash = await deps.passwords.hash(body.newPassword, signal);
  await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, hash);
    await revokeUserFamilies(trx, user.id, caller.sessionId);
  });
}
