import { describe, expect } from 'vitest';
import { scopeOf } from '../modules/api-keys/index.js';
import { signUp, type TestAccount, uniqueEmail } from '../test-support/accounts.js';
import { companyWithMembers, markVerified } from '../test-support/companies.js';
import { type As, test } from '../test-support/fixture.js';
import type { TestShop } from '../test-support/test-app.js';

/**
 * Who may call what (docs/api.md), as one table: every protected route × a visitor, a garbage token,
 * the buyer who owns the records, another buyer, and an admin. A status that is not 401/403
 * means the call got past the guards (a 404 or 422 then says the input, not the caller, failed).
 * The owner's API key (every scope) answers as the owner on the calls a key may make, and 403 on
 * every other: a key acts with its creator's rights and no more.
 */
type Caller = 'visitor' | 'garbage' | 'owner' | 'other' | 'admin';
const CALLERS: Caller[] = ['visitor', 'garbage', 'owner', 'other', 'admin'];

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
}

// The fixture's shop, `as` and accounts, kept for the table's rows, which read them when they run.
let shop: TestShop;
let as: As;
let accounts: Record<'owner' | 'other' | 'admin', TestAccount>;
let partId: string;
/** An API key of the owner's with every scope. */
let ownersKey: string;
/** The owner's company: they made it (their email verified), so they are its admin. */
let companyId: string;
let member: TestAccount;
/** A buyer of a company on net-30 terms: their orders are invoiced at once. */
let netBuyer: TestAccount;

/** An order of `buyer`'s (a member's pending one, or a net-30 invoiced one). */
async function orderOf(buyer: TestAccount): Promise<string> {
  const res = await as(buyer).post('/api/purchase', {
    partsId: partId,
    quantity: 1,
    mobile: '+880 1712 345678',
    address: 'Dhaka',
  });
  return res.json().insertedId;
}

const ownersOrder = () => orderOf(accounts.owner);

async function ownersClientSecret(orderId?: string): Promise<string> {
  const res = await as(accounts.owner).post('/api/create-payment-intent', {
    _id: orderId ?? (await ownersOrder()),
  });
  return res.json().clientSecret;
}

async function ownersPaidOrder(): Promise<string> {
  const orderId = await ownersOrder();
  await as(accounts.owner).post('/api/payments/test/confirm', {
    clientSecret: await ownersClientSecret(orderId),
    card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
  });
  return orderId;
}

const unknownId = '01900000-0000-7000-8000-000000000000';
const part = {
  name: 'Matrix part',
  desc: 'For the access matrix',
  img: 'https://example.com/p.webp',
  min_order_quantity: 1,
  available_quantity: 10,
  price_per_piece: 3,
};

/** Webhooks are anyone's who is signed in: each answers its own (another's → 404). */
const signedIn = (status: number): Record<Caller, number> => ({
  visitor: 401,
  garbage: 401,
  owner: status,
  other: status,
  admin: status,
});

/** Each row: how to make the call (fresh records where the call uses them up), and the expected status per caller. */
const matrix: [string, () => Promise<Call>, Record<Caller, number>][] = [
  [
    'GET /api/parts',
    async () => ({ method: 'GET', url: '/api/parts' }),
    { visitor: 200, garbage: 200, owner: 200, other: 200, admin: 200 },
  ],
  [
    'POST /api/parts',
    async () => ({ method: 'POST', url: '/api/parts', payload: part }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 201 },
  ],
  [
    'POST /api/parts/import',
    async () => ({
      method: 'POST',
      url: '/api/parts/import',
      headers: { 'content-type': 'text/csv' },
      payload: `${Object.keys(part).join(',')}\n${Object.values(part).join(',')}\n`,
    }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 201 },
  ],
  [
    'PUT /api/partsById',
    async () => ({ method: 'PUT', url: `/api/partsById?id=${unknownId}`, payload: part }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 404 },
  ],
  [
    'DELETE /api/partsById',
    async () => ({ method: 'DELETE', url: `/api/partsById?id=${unknownId}` }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 404 },
  ],
  [
    'GET /api/catalog/search',
    async () => ({ method: 'GET', url: '/api/catalog/search?q=matrix' }),
    { visitor: 200, garbage: 200, owner: 200, other: 200, admin: 200 },
  ],
  [
    'GET /api/partsById',
    async () => ({ method: 'GET', url: `/api/partsById?id=${partId}` }),
    { visitor: 200, garbage: 200, owner: 200, other: 200, admin: 200 },
  ],
  [
    'GET /api/customer-part-numbers',
    async () => ({ method: 'GET', url: '/api/customer-part-numbers' }),
    { visitor: 401, garbage: 401, owner: 200, other: 200, admin: 403 },
  ],
  [
    // The owner is their company's admin; the other keeps their own set.
    'PUT /api/customer-part-numbers',
    async () => ({
      method: 'PUT',
      url: '/api/customer-part-numbers',
      payload: { items: [{ partsId: partId, customerPartNumber: 'MATRIX-1' }] },
    }),
    { visitor: 401, garbage: 401, owner: 200, other: 200, admin: 403 },
  ],
  [
    'GET /api/categories',
    async () => ({ method: 'GET', url: '/api/categories' }),
    { visitor: 200, garbage: 200, owner: 200, other: 200, admin: 200 },
  ],
  [
    'POST /api/categories',
    async () => ({ method: 'POST', url: '/api/categories', payload: { name: `Matrix ${Math.random()}` } }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 201 },
  ],
  [
    'PUT /api/categories/{id}',
    async () => ({ method: 'PUT', url: `/api/categories/${unknownId}`, payload: { name: 'Matrix' } }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 404 },
  ],
  [
    'DELETE /api/categories/{id}',
    async () => ({ method: 'DELETE', url: `/api/categories/${unknownId}` }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 404 },
  ],
  [
    'POST /api/images',
    async () => ({ method: 'POST', url: '/api/images', payload: { image: 'x' } }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 415 },
  ],
  [
    'POST /api/review',
    async () => ({ method: 'POST', url: '/api/review', payload: { name: 'A', rating: 5, message: 'Good' } }),
    { visitor: 401, garbage: 401, owner: 201, other: 201, admin: 403 },
  ],
  [
    'GET /api/messages',
    async () => ({ method: 'GET', url: '/api/messages' }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 200 },
  ],
  [
    'GET /api/overview',
    async () => ({ method: 'GET', url: '/api/overview' }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 200 },
  ],
  [
    'PUT /api/users',
    async () => ({
      method: 'PUT',
      url: `/api/users?email=${accounts.owner.email}`,
      payload: { name: 'Owner', email: accounts.owner.email },
    }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 403 },
  ],
  [
    'GET /api/users',
    async () => ({ method: 'GET', url: '/api/users' }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 200 },
  ],
  [
    'PUT /api/usersById',
    async () => ({ method: 'PUT', url: `/api/usersById?id=${unknownId}` }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 404 },
  ],
  [
    'GET /api/usersByEmail',
    async () => ({ method: 'GET', url: `/api/usersByEmail?email=${accounts.owner.email}` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 200 },
  ],
  [
    'PUT /api/usersByEmail',
    async () => ({
      method: 'PUT',
      url: `/api/usersByEmail?email=${accounts.owner.email}`,
      payload: { mobile: '+880 1712 345678' },
    }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 403 },
  ],
  [
    'GET /api/checkAdmin/{email}',
    async () => ({ method: 'GET', url: `/api/checkAdmin/${accounts.owner.email}` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 200 },
  ],
  [
    'POST /api/purchase',
    async () => ({
      method: 'POST',
      url: '/api/purchase',
      payload: { partsId: partId, quantity: 1, mobile: '+880 1712 345678', address: 'Dhaka' },
    }),
    { visitor: 401, garbage: 401, owner: 201, other: 201, admin: 403 },
  ],
  [
    'GET /api/purchase',
    async () => ({ method: 'GET', url: '/api/purchase' }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 200 },
  ],
  [
    'GET /api/purchaseByEmail',
    async () => ({ method: 'GET', url: `/api/purchaseByEmail?email=${accounts.owner.email}` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 200 },
  ],
  [
    'GET /api/purchaseById/{id}',
    async () => ({ method: 'GET', url: `/api/purchaseById/${await ownersOrder()}` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 200 },
  ],
  [
    'GET /api/purchaseById/{id}/invoice',
    async () => ({ method: 'GET', url: `/api/purchaseById/${await ownersPaidOrder()}/invoice` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 200 },
  ],
  [
    'PUT /api/purchaseById/{id}',
    async () => ({
      method: 'PUT',
      url: `/api/purchaseById/${await ownersOrder()}`,
      payload: { paymentId: 'pi_test_none' },
    }),
    { visitor: 401, garbage: 401, owner: 422, other: 403, admin: 403 },
  ],
  [
    'PUT /api/purchaseById/{id}/fulfilment',
    async () => ({
      method: 'PUT',
      url: `/api/purchaseById/${await ownersPaidOrder()}/fulfilment`,
      payload: { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0146' },
    }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 200 },
  ],
  [
    'DELETE /api/purchaseById/{id}',
    async () => ({ method: 'DELETE', url: `/api/purchaseById/${await ownersOrder()}` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 200 },
  ],
  [
    'POST /api/create-payment-intent',
    async () => ({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { _id: await ownersOrder() },
    }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 403 },
  ],
  [
    'POST /api/payments/test/confirm',
    async () => ({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: {
        clientSecret: await ownersClientSecret(),
        card: { number: '4242424242424241', exp: '12/34', cvc: '123' },
      },
    }),
    { visitor: 401, garbage: 401, owner: 400, other: 403, admin: 403 },
  ],
  [
    'POST /api/companies',
    async () => ({ method: 'POST', url: '/api/companies', payload: { name: 'Matrix Ltd' } }),
    // The owner has a company already; the other buyer has not verified their email.
    { visitor: 401, garbage: 401, owner: 409, other: 403, admin: 403 },
  ],
  [
    'GET /api/companies',
    async () => ({ method: 'GET', url: '/api/companies' }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 200 },
  ],
  [
    'GET /api/companies/mine',
    async () => ({ method: 'GET', url: '/api/companies/mine' }),
    { visitor: 401, garbage: 401, owner: 200, other: 200, admin: 200 },
  ],
  [
    'GET /api/companies/{id}',
    async () => ({ method: 'GET', url: `/api/companies/${companyId}` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 200 },
  ],
  [
    'POST /api/companies/{id}/invitations',
    async () => ({
      method: 'POST',
      url: `/api/companies/${companyId}/invitations`,
      payload: { email: uniqueEmail('invitee'), role: 'buyer' },
    }),
    { visitor: 401, garbage: 401, owner: 201, other: 403, admin: 403 },
  ],
  [
    'GET /api/companies/{id}/invitations',
    async () => ({ method: 'GET', url: `/api/companies/${companyId}/invitations` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 200 },
  ],
  [
    'DELETE /api/companies/{id}/invitations/{invitationId}',
    async () => ({ method: 'DELETE', url: `/api/companies/${companyId}/invitations/${unknownId}` }),
    { visitor: 401, garbage: 401, owner: 404, other: 403, admin: 403 },
  ],
  [
    'POST /api/invitations/accept',
    async () => ({ method: 'POST', url: '/api/invitations/accept', payload: { token: 'not-a-token' } }),
    { visitor: 401, garbage: 401, owner: 400, other: 400, admin: 400 },
  ],
  [
    'PUT /api/companies/{id}/members/{uid}',
    async () => ({
      method: 'PUT',
      url: `/api/companies/${companyId}/members/${accounts.owner.uid}`,
      payload: { spendingLimit: 10 },
    }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 403 },
  ],
  [
    'DELETE /api/companies/{id}/members/{uid}',
    async () => ({ method: 'DELETE', url: `/api/companies/${companyId}/members/${unknownId}` }),
    { visitor: 401, garbage: 401, owner: 404, other: 403, admin: 403 },
  ],
  [
    'PUT /api/companies/{id}/payment-terms',
    async () => ({
      method: 'PUT',
      url: `/api/companies/${companyId}/payment-terms`,
      payload: { paymentTerms: 'card' },
    }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 200 },
  ],
  [
    'POST /api/orders/{id}/approve',
    async () => ({ method: 'POST', url: `/api/orders/${await orderOf(member)}/approve` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 403 },
  ],
  [
    'POST /api/orders/{id}/reject',
    async () => ({ method: 'POST', url: `/api/orders/${await orderOf(member)}/reject` }),
    // The shop's admin may release a waiting order's pieces (never approve it).
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 200 },
  ],
  [
    'GET /api/companies/{id}/orders',
    async () => ({ method: 'GET', url: `/api/companies/${companyId}/orders` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 403 },
  ],
  [
    'PUT /api/purchaseById/{id}/settlement',
    async () => ({
      method: 'PUT',
      url: `/api/purchaseById/${await orderOf(netBuyer)}/settlement`,
      payload: { reference: 'BANK-1' },
    }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 200 },
  ],
  ['GET /api/webhooks', async () => ({ method: 'GET', url: '/api/webhooks' }), signedIn(200)],
  [
    // Past the guards an address on this machine is refused (400): the matrix allows none.
    'POST /api/webhooks',
    async () => ({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://127.0.0.1/hook', events: ['order.paid'] },
    }),
    signedIn(400),
  ],
  [
    'DELETE /api/webhooks/{id}',
    async () => ({ method: 'DELETE', url: `/api/webhooks/${unknownId}` }),
    signedIn(404),
  ],
  [
    'GET /api/webhooks/{id}/deliveries',
    async () => ({ method: 'GET', url: `/api/webhooks/${unknownId}/deliveries` }),
    signedIn(404),
  ],
  [
    'POST /api/webhooks/{id}/deliveries/{deliveryId}/send-again',
    async () => ({ method: 'POST', url: `/api/webhooks/${unknownId}/deliveries/${unknownId}/send-again` }),
    signedIn(404),
  ],
  [
    'GET /api/companies/{id}/punchout',
    async () => ({ method: 'GET', url: `/api/companies/${companyId}/punchout` }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 403 },
  ],
  [
    'PUT /api/companies/{id}/punchout',
    async () => ({ method: 'PUT', url: `/api/companies/${companyId}/punchout`, payload: punchoutIdentity }),
    { visitor: 401, garbage: 401, owner: 200, other: 403, admin: 403 },
  ],
  // Only a punchout session has one (sessionExpected below).
  [
    'GET /api/punchout/session',
    async () => ({ method: 'GET', url: '/api/punchout/session' }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 403 },
  ],
  [
    'POST /api/punchout/transfer',
    async () => ({ method: 'POST', url: '/api/punchout/transfer', payload: { lines: [] } }),
    { visitor: 401, garbage: 401, owner: 403, other: 403, admin: 403 },
  ],
];

/** The owner's company's punchout identity (the owner is its admin and its punchout buyer). */
const punchoutIdentity = {
  domain: 'NetworkID',
  identity: 'AN-MATRIX',
  ociUsername: 'matrix-oci',
  buyerEmail: '',
};
/** A punchout session of the owner's company, acting as the owner. */
let ownersSession: string;

test.beforeAll(async ({ shop: fixtureShop, as: fixtureAs, admin, buyer }) => {
  [shop, as] = [fixtureShop, fixtureAs];
  accounts = { owner: buyer, other: await signUp(shop.app), admin };
  const res = await as(accounts.admin).post('/api/parts', { ...part, available_quantity: 1_000_000 });
  partId = res.json().insertedId;
  await markVerified(shop.database.db, accounts.owner);
  const company = await as(accounts.owner).post('/api/companies', { name: 'Owner Ltd' });
  companyId = company.json().insertedId;
  // A buyer of the owner's company whose every order waits for approval (limit 0).
  member = await signUp(shop.app);
  await shop.database.db
    .insertInto('company_members')
    .values({
      company_id: companyId,
      user_id: member.uid,
      role: 'buyer',
      spending_limit: 0,
      joined_at: new Date().toISOString(),
    })
    .execute();
  const key = await as(accounts.owner).post('/api/api-keys', {
    name: 'Matrix',
    scopes: ['catalog:read', 'orders:read', 'orders:write', 'quotes:write'],
  });
  ownersKey = key.json().key;
  punchoutIdentity.buyerEmail = accounts.owner.email;
  const identity = await as(accounts.owner).put(`/api/companies/${companyId}/punchout`, {
    ...punchoutIdentity,
    newSecret: true,
  });
  const oci = new URLSearchParams({
    USERNAME: punchoutIdentity.ociUsername,
    PASSWORD: identity.json().sharedSecret,
    HOOK_URL: 'https://erp.example/oci',
  });
  const opened = await shop.app.inject({ method: 'GET', url: `/api/punchout/oci?${oci}` });
  ownersSession = String(opened.headers.location).replace('/punchout#token=', '');
  netBuyer = await signUp(shop.app);
  await companyWithMembers(shop.database.db, [{ uid: netBuyer.uid, role: 'buyer' }], {
    paymentTerms: 'net30',
  });
});
function accountOf(caller: Caller): { accessToken: string } | null {
  if (caller === 'visitor') return null;
  if (caller === 'garbage') return { accessToken: 'not.a.token' };
  return accounts[caller];
}

/** What the owner's key gets: the owner's answer on a call keys may make, else 403. */
function keyExpected(name: string, owner: number): number {
  const [method = '', pattern = ''] = name.split(' ');
  return scopeOf(method, pattern.replace(/\{(\w+)\}/g, ':$1')) ? owner : 403;
}

/**
 * What the owner's punchout session gets: the owner's answer on the catalog's reads (the calls of
 * an API key's catalog:read scope), its own calls, and 403 on every other.
 */
function sessionExpected(name: string, owner: number): number {
  if (name === 'GET /api/punchout/session') return 200;
  if (name === 'POST /api/punchout/transfer') return 400;
  const [method = '', pattern = ''] = name.split(' ');
  return scopeOf(method, pattern.replace(/\{(\w+)\}/g, ':$1')) === 'catalog:read' ? owner : 403;
}

describe('the access matrix', () => {
  const cells = matrix.flatMap(([name, call, expected]) =>
    CALLERS.map((caller) => [name, caller, call, expected[caller]] as const),
  );
  const keyCells = matrix.map(
    ([name, call, expected]) => [name, call, keyExpected(name, expected.owner)] as const,
  );
  test.for(keyCells)("%s with the owner's API key", async ([_name, call, status]) => {
    const { method, url, payload, headers } = await call();
    const res = await as({ accessToken: ownersKey }).send(method, url, payload, headers);
    expect(res.statusCode, res.body).toBe(status);
  });
  const sessionCells = matrix.map(
    ([name, call, expected]) => [name, call, sessionExpected(name, expected.owner)] as const,
  );
  test.for(sessionCells)("%s in the owner's punchout session", async ([_name, call, status]) => {
    const { method, url, payload, headers } = await call();
    const res = await as({ accessToken: ownersSession }).send(method, url, payload, headers);
    expect(res.statusCode, res.body).toBe(status);
  });
  test.for(cells)('%s as %s', async ([_name, caller, call, status]) => {
    const { method, url, payload, headers } = await call();
    const res = await as(accountOf(caller)).send(method, url, payload, headers);
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) expect(res.json().error.code).toEqual(expect.any(String));
  });
});
