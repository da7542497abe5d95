import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';

export interface TestAccount {
  uid: string;
  name: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export function uniqueEmail(prefix = 'buyer'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Signs a new user up through the API. */
export async function signUp(app: FastifyInstance, overrides: { name?: string; email?: string } = {}) {
  const body = {
    name: overrides.name ?? 'Test Buyer',
    email: overrides.email ?? uniqueEmail(),
    password: 'correct horse battery',
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const session = res.json();
  return {
    uid: session.user.uid,
    name: session.user.name,
    email: session.user.email,
    password: body.password,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
  } satisfies TestAccount;
}

/** A new account whose email is verified (as its owner's click on the mailed link leaves it). */
export async function signUpVerified(
  app: FastifyInstance,
  db: Database,
  overrides: { name?: string; email?: string } = {},
): Promise<TestAccount> {
  const account = await signUp(app, overrides);
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date().toISOString() })
    .where('id', '=', account.uid)
    .execute();
  return account;
}

/** A new admin: signed up through the API, then promoted in the database, then signed in again. */
export async function signUpAdmin(app: FastifyInstance, db: Database): Promise<TestAccount> {
  const account = await signUp(app, { name: 'Test Admin', email: uniqueEmail('admin') });
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', account.uid).execute();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  const session = res.json();
  return { ...account, accessToken: session.accessToken, refreshToken: session.refreshToken };
}

export const bearer = (account: { accessToken: string }) => ({
  authorization: `Bearer ${account.accessToken}`,
});
