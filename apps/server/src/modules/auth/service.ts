import { randomUUID } from 'node:crypto';
import type { LoginBody, Session, SignupBody, TokenPair } from '@shop/contract/auth';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, RetryLaterError } from '../../http/app-error.js';
import { findUserByEmail, findUserById, insertUser, setPasswordHash } from '../users/index.js';
import { ACCESS_TOKEN_SECONDS, type AccessTokens } from './access-tokens.js';
import type { KnownAddresses } from './known-addresses.js';
import type { LoginFailures } from './login-failures.js';
import type { AccountMail } from './mailed-links.js';
import { needsRehash, type PasswordHashing, unmatchableHash } from './password.js';
import {
  findRefreshToken,
  hashRefreshToken,
  markUsed,
  newRefreshToken,
  revokeFamily,
  storeRefreshToken,
} from './refresh-tokens.js';

/** Sign-ups and refreshes are limited by their routes (routes.ts); failed logins here. */
export interface AuthLimits {
  /** Failed logins per address, per account from one address, per account and per account an hour. */
  loginFailures: LoginFailures;
}

export interface AuthDeps {
  db: Database;
  tokens: AccessTokens;
  limits: AuthLimits;
  /** Hashes one per core at most, the others waiting their turn by address (503 when too many wait). */
  passwords: PasswordHashing;
  /** Mails the link that verifies a new account's email (or logs it without SMTP_URL). */
  accountMail: AccountMail;
  /** The addresses each account signed in from: a sign-up and a refresh add theirs (a login too). */
  knownAddresses: KnownAddresses;
}

const WRONG_CREDENTIALS = 'Wrong email or password';
const INVALID_REFRESH = 'Your session has ended. Please sign in again.';

/** Checked against when no user has the email, so a login takes as long whether or not it exists. */
const dummyHash = unmatchableHash();

export async function startSession(
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

export function session(user: UserRow, pair: TokenPair): Session {
  return { user: { uid: user.id, name: user.name, email: user.email }, ...pair };
}

/**
 * `signal` aborts when the client leaves before the answer: a hash still waiting its turn is
 * dropped.
 */
export async function signup(
  deps: AuthDeps,
  body: SignupBody,
  ip: string,
  signal?: AbortSignal,
): Promise<Session> {
  const user: UserRow = {
    id: newId(),
    name: body.name,
    email: body.email,
    password_hash: await deps.passwords.hash(body.password, signal, ip),
    role: null,
    mobile: null,
    created_at: nowIso(),
    email_verified_at: null,
    google_sub: null,
  };
  // The account and its verification mail exist together, or neither does.
  await deps.accountMail.send(deps.db, user, 'verify_email', async (trx) => {
    if (!(await insertUser(trx, user))) throw conflict('An account with this email already exists');
  });
  await deps.knownAddresses.remember(user.email, ip);
  return session(user, await startSession(deps, user));
}

export async function login(
  deps: AuthDeps,
  body: LoginBody,
  ip: string,
  signal?: AbortSignal,
): Promise<Session> {
  // A place in every failed-login window first (429 when one is full), so no burst checks more.
  let user: UserRow | undefined;
  const matches = await deps.limits.loginFailures.check(body.email, ip, async () => {
    user = await findUserByEmail(deps.db, body.email);
    const hash = user?.password_hash;
    return (await deps.passwords.verify(body.password, hash ?? dummyHash, signal, ip)) && Boolean(hash);
  });
  if (!user || !matches) throw new AppError('unauthenticated', WRONG_CREDENTIALS);
  await strengthenHash(deps, user, body.password, ip);
  return session(user, await startSession(deps, user));
}

/**
 * A hash from before argon2 (or at a lower cost) is replaced while the password is at hand. When
 * the hashing line is full it stays as it is, for the next login: the sign-in goes on regardless.
 */
async function strengthenHash(deps: AuthDeps, user: UserRow, password: string, ip: string) {
  const stored = user.password_hash;
  if (!stored || !needsRehash(stored)) return;
  try {
    await setPasswordHash(deps.db, user.id, await deps.passwords.hash(password, undefined, ip), stored);
  } catch (error) {
    if (!(error instanceof RetryLaterError)) throw error;
  }
}

/**
 * Exchanges a refresh token for a new pair. Each token works once: a token presented again
 * (stolen, or replayed) revokes its whole family, so the thief and the owner both sign in again.
 */
export async function refresh(deps: AuthDeps, token: string, ip: string): Promise<Session> {
  const stored = await findRefreshToken(deps.db, hashRefreshToken(token));
  if (!stored || stored.revoked_at) throw new AppError('unauthenticated', INVALID_REFRESH);
  if (stored.used_at || !(await markUsed(deps.db, stored.id))) {
    await revokeFamily(deps.db, stored.family_id);
    throw new AppError('unauthenticated', INVALID_REFRESH);
  }
  if (stored.expires_at <= nowIso()) throw new AppError('unauthenticated', INVALID_REFRESH);
  const user = await findUserById(deps.db, stored.user_id);
  if (!user) throw new AppError('unauthenticated', INVALID_REFRESH);
  await deps.knownAddresses.remember(user.email, ip);
  return session(user, await startSession(deps, user, stored.family_id));
}

/** Ends the sign-in that the token belongs to (its family); other sign-ins of the user go on. */
export async function logout(deps: AuthDeps, token: string): Promise<void> {
  const stored = await findRefreshToken(deps.db, hashRefreshToken(token));
  if (stored) await revokeFamily(deps.db, stored.family_id);
}
