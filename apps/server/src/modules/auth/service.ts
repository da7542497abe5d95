import { randomUUID } from 'node:crypto';
import type { LoginBody, Session, SignupBody, TokenPair } from '@shop/contract/auth';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict } from '../../http/app-error.js';
import type { RateLimit } from '../../http/rate-limit.js';
import type { AccountMail } from '../accounts/account-mail.js';
import { findUserByEmail, findUserById, insertUser } from '../users/repository.js';
import { ACCESS_TOKEN_SECONDS, type AccessTokens } from './access-tokens.js';
import { type PasswordHashing, unmatchableHash } from './password.js';
import {
  findRefreshToken,
  hashRefreshToken,
  markUsed,
  newRefreshToken,
  revokeFamily,
  storeRefreshToken,
} from './refresh-tokens.js';

export interface AuthLimits {
  signupPerIp: RateLimit;
  signupPerEmail: RateLimit;
  loginFailuresPerIp: RateLimit;
  loginFailuresPerEmail: RateLimit;
  /** ASVS 2.2.1: at most 100 failed logins an hour per account, whatever address they come from. */
  loginFailuresPerEmailHour: RateLimit;
  refreshPerIp: RateLimit;
  refreshPerAccount: RateLimit;
}

export interface AuthDeps {
  db: Database;
  tokens: AccessTokens;
  limits: AuthLimits;
  /** Hashes one at a time per core, the others waiting their turn (503 when too many wait). */
  passwords: PasswordHashing;
  /** Mails the link that verifies a new account's email (or logs it without SMTP_URL). */
  accountMail?: AccountMail;
  /** The shop's address for links (PUBLIC_URL); else each request's own. */
  publicUrl?: string | undefined;
}

const WRONG_CREDENTIALS = 'Wrong email or password';
const INVALID_REFRESH = 'Your session has ended. Please sign in again.';

/** Checked against when no user has the email, so a login takes as long whether or not it exists. */
const dummyHash = unmatchableHash();

async function startSession(
  deps: AuthDeps,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refresh = newRefreshToken();
  await storeRefreshToken(deps.db, { userId: user.id, familyId, hash: refresh.hash });
  return {
    accessToken: await deps.tokens.issue(user, familyId),
    refreshToken: refresh.token,
    expiresIn: ACCESS_TOKEN_SECONDS,
  };
}

function session(user: UserRow, pair: TokenPair): Session {
  return { user: { uid: user.id, name: user.name, email: user.email }, ...pair };
}

/**
 * `signal` aborts when the client leaves before the answer: a hash still waiting its turn is
 * dropped. `origin` is the shop's address for the verification link mailed with the account.
 */
export async function signup(
  deps: AuthDeps,
  body: SignupBody,
  ip: string,
  signal?: AbortSignal,
  origin = deps.publicUrl ?? 'http://localhost',
): Promise<Session> {
  await deps.limits.signupPerIp.consume(ip);
  await deps.limits.signupPerEmail.consume(body.email);
  const user: UserRow = {
    id: newId(),
    name: body.name,
    email: body.email,
    password_hash: await deps.passwords.hash(body.password, signal),
    role: null,
    mobile: null,
    created_at: nowIso(),
    email_verified_at: null,
    google_sub: null,
  };
  // The account and its verification mail exist together, or neither does.
  const sendVerification = await deps.db.transaction().execute(async (trx) => {
    if (!(await insertUser(trx, user))) throw conflict('An account with this email already exists');
    return deps.accountMail?.prepare(trx, user, 'verify_email', origin);
  });
  sendVerification?.();
  return session(user, await startSession(deps, user));
}

export async function login(
  deps: AuthDeps,
  body: LoginBody,
  ip: string,
  signal?: AbortSignal,
): Promise<Session> {
  await deps.limits.loginFailuresPerIp.ensureAllowed(ip);
  await deps.limits.loginFailuresPerEmail.ensureAllowed(body.email);
  await deps.limits.loginFailuresPerEmailHour.ensureAllowed(body.email);
  const user = await findUserByEmail(deps.db, body.email);
  const matches = await deps.passwords.verify(body.password, user?.password_hash ?? dummyHash, signal);
  if (!user?.password_hash || !matches) {
    await deps.limits.loginFailuresPerIp.record(ip);
    await deps.limits.loginFailuresPerEmail.record(body.email);
    await deps.limits.loginFailuresPerEmailHour.record(body.email);
    throw new AppError('unauthenticated', WRONG_CREDENTIALS);
  }
  return session(user, await startSession(deps, user));
}

/**
 * Exchanges a refresh token for a new pair. Each token works once: a token presented again
 * (stolen, or replayed) revokes its whole family, so the thief and the owner both sign in again.
 */
export async function refresh(deps: AuthDeps, token: string, ip: string): Promise<Session> {
  await deps.limits.refreshPerIp.consume(ip);
  const stored = await findRefreshToken(deps.db, hashRefreshToken(token));
  if (!stored || stored.revoked_at) throw new AppError('unauthenticated', INVALID_REFRESH);
  await deps.limits.refreshPerAccount.consume(stored.user_id);
  if (stored.used_at || !(await markUsed(deps.db, stored.id))) {
    await revokeFamily(deps.db, stored.family_id);
    throw new AppError('unauthenticated', INVALID_REFRESH);
  }
  if (stored.expires_at <= nowIso()) throw new AppError('unauthenticated', INVALID_REFRESH);
  const user = await findUserById(deps.db, stored.user_id);
  if (!user) throw new AppError('unauthenticated', INVALID_REFRESH);
  return session(user, await startSession(deps, user, stored.family_id));
}

/**
 * Google vouched for this email: sign in its account, or open one (with no password, so only
 * Google signs it in until the person sets one).
 */
export async function signInWithGoogle(deps: AuthDeps, identity: { email: string; name: string }) {
  let user = await findUserByEmail(deps.db, identity.email);
  if (!user) {
    const created: UserRow = {
      id: newId(),
      name: identity.name,
      email: identity.email,
      password_hash: null,
      role: null,
      mobile: null,
      created_at: nowIso(),
      email_verified_at: null,
      google_sub: null,
    };
    // Two first sign-ins at once: the second finds the account the first one made.
    user = (await insertUser(deps.db, created)) ? created : await findUserByEmail(deps.db, identity.email);
    if (!user) throw new Error('The account made for a Google sign-in cannot be found');
  }
  return session(user, await startSession(deps, user));
}

/** Ends the sign-in that the token belongs to (its family); other sign-ins of the user go on. */
export async function logout(deps: AuthDeps, token: string): Promise<void> {
  const stored = await findRefreshToken(deps.db, hashRefreshToken(token));
  if (stored) await revokeFamily(deps.db, stored.family_id);
}
