import { MAX_API_KEYS } from '@shop/contract/api-keys';
import { describe, expect } from 'vitest';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { test } from '../../test-support/fixture.js';
import { delivery } from '../../test-support/orders.js';
import { addedPart } from '../../test-support/parts.js';
import { scopedCalls } from './scopes.js';

/** Keys a buyer or a company admin makes for their own systems, and what a key may then call. */
test.override('shopOptions', { demo: false, env: { RATE_LIMIT_API_KEY_PER_MINUTE: '10' } });

const ALL = ['catalog:read', 'orders:read', 'orders:write', 'quotes:write'];

describe('API keys', () => {
  test('a key is shown once, listed without it, and kept only as its hash', async ({ shop, as }) => {
    const owner = await signUp(shop.app);
    const res = await as(owner).post('/api/api-keys', { name: 'ERP', scopes: ['catalog:read'] });
    expect(res.statusCode, res.body).toBe(201);
    const { _id, key } = res.json();
    expect(key).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    const list = await as(owner).get('/api/api-keys');
    expect(list.json()).toEqual([
      { _id, name: 'ERP', scopes: ['catalog:read'], createdAt: expect.any(String) },
    ]);
    expect(list.body).not.toContain(key);
    const rows = await shop.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.slice('sk_live_'.length));
    expect(rows.find((row) => row.id === _id)?.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a key acts as its creator within its scopes, and notes its last use', async ({ shop, as, admin }) => {
    const partId = await addedPart(as(admin));
    const owner = await signUp(shop.app);
    const { key } = (
      await as(owner).post('/api/api-keys', {
        name: 'All',
        scopes: ['catalog:read', 'orders:read', 'orders:write'],
      })
    ).json();
    const viaKey = as({ accessToken: key });
    expect((await viaKey.get('/api/parts?limit=5')).statusCode).toBe(200);
    const placed = await viaKey.post('/api/orders', {
      lines: [{ partsId: partId, quantity: 1 }],
      ...delivery,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const mine = await viaKey.get(`/api/purchaseByEmail?email=${encodeURIComponent(owner.email)}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().map((o: { _id: string }) => o._id)).toContain(placed.json().insertedId);
    // Another buyer's orders stay theirs.
    const other = await signUp(shop.app);
    const theirs = await viaKey.get(`/api/purchaseByEmail?email=${encodeURIComponent(other.email)}`);
    expect(theirs.statusCode).toBe(403);
    const [listed] = (await as(owner).get('/api/api-keys')).json();
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  test('outside its scopes, on admin work and on key management a key gets 403', async ({ shop, as }) => {
    const owner = await signUp(shop.app);
    const { key } = (
      await as(owner).post('/api/api-keys', { name: 'Read', scopes: ['catalog:read'] })
    ).json();
    const viaKey = as({ accessToken: key });
    const outside = await viaKey.get(`/api/purchaseByEmail?email=${encodeURIComponent(owner.email)}`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.message).toContain('orders:read');
    expect((await viaKey.post('/api/quotes', {})).statusCode).toBe(403);
    expect((await viaKey.get('/api/users')).statusCode).toBe(403);
    expect((await viaKey.get('/api/api-keys')).statusCode).toBe(403);
    expect((await viaKey.post('/api/api-keys', { name: 'More', scopes: ALL })).statusCode).toBe(403);
    expect((await viaKey.put('/api/auth/password', {})).statusCode).toBe(403);
  });

  test('a revoked key, or one whose creator became the shop admin, is refused at once (401)', async ({
    shop,
    as,
  }) => {
    const owner = await signUp(shop.app);
    const made = (await as(owner).post('/api/api-keys', { name: 'Old', scopes: ['catalog:read'] })).json();
    expect((await as({ accessToken: made.key }).get('/api/parts')).statusCode).toBe(200);
    expect((await as(owner).delete(`/api/api-keys/${made._id}`)).statusCode).toBe(200);
    expect((await as({ accessToken: made.key }).get('/api/parts')).statusCode).toBe(401);
    expect((await as(owner).get('/api/api-keys')).json()).toEqual([]);
    expect((await as(owner).delete(`/api/api-keys/${made._id}`)).statusCode).toBe(404);
    expect((await as({ accessToken: 'sk_live_nothing' }).get('/api/parts')).statusCode).toBe(401);

    const promoted = await signUp(shop.app);
    const { key } = (
      await as(promoted).post('/api/api-keys', { name: 'Gone', scopes: ['catalog:read'] })
    ).json();
    await shop.database.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', promoted.uid)
      .execute();
    // Made an admin: the key does not carry the shop's admin rights, it dies.
    expect((await as({ accessToken: key }).get('/api/parts')).statusCode).toBe(401);
  });

  test("a company admin's key dies with their seat; the company's buyers make none", async ({ shop, as }) => {
    const admin = await signUp(shop.app);
    const buyer = await signUp(shop.app);
    const companyId = await companyWithMembers(shop.database.db, [
      { uid: admin.uid, role: 'admin' },
      { uid: buyer.uid, role: 'buyer' },
    ]);
    const refused = await as(buyer).post('/api/api-keys', { name: 'Mine', scopes: ['catalog:read'] });
    expect(refused.statusCode).toBe(403);
    const { key } = (await as(admin).post('/api/api-keys', { name: 'Co', scopes: ['orders:read'] })).json();
    const orders = () => as({ accessToken: key }).get(`/api/companies/${companyId}/orders`);
    expect((await orders()).statusCode).toBe(200);
    await shop.database.db.deleteFrom('company_members').where('user_id', '=', admin.uid).execute();
    expect((await orders()).statusCode).toBe(401);
  });

  test('every call a key may make is a route of the shop', async ({ shop }) => {
    for (const [call] of scopedCalls()) {
      const [method = '', url = ''] = call.split(' ');
      expect(shop.app.hasRoute({ method: method as 'GET', url }), call).toBe(true);
    }
  });

  test("the shop's admins make no keys", async ({ as, admin }) => {
    const res = await as(admin).post('/api/api-keys', { name: 'Admin', scopes: ['catalog:read'] });
    expect(res.statusCode).toBe(403);
  });

  test('each key has its own limit a minute (429)', async ({ shop, as }) => {
    const owner = await signUp(shop.app);
    const make = async () =>
      (await as(owner).post('/api/api-keys', { name: 'Busy', scopes: ['catalog:read'] })).json().key;
    const [busy, calm] = [await make(), await make()];
    for (let i = 0; i < 10; i++)
      expect((await as({ accessToken: busy }).get('/api/parts')).statusCode).toBe(200);
    const limited = await as({ accessToken: busy }).get('/api/parts');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await as({ accessToken: calm }).get('/api/parts')).statusCode).toBe(200);
  });

  test('others can neither list nor revoke my keys', async ({ shop, as }) => {
    const owner: TestAccount = await signUp(shop.app);
    const other = await signUp(shop.app);
    const { _id } = (
      await as(owner).post('/api/api-keys', { name: 'Mine', scopes: ['catalog:read'] })
    ).json();
    expect((await as(other).get('/api/api-keys')).json()).toEqual([]);
    expect((await as(other).delete(`/api/api-keys/${_id}`)).statusCode).toBe(404);
    expect((await as(null).get('/api/api-keys')).statusCode).toBe(401);
    expect((await as(owner).get('/api/api-keys')).json()).toHaveLength(1);
  });

  test('bad input is refused with 400, and an account holds at most MAX_API_KEYS', async ({ shop, as }) => {
    const owner = await signUp(shop.app);
    const post = (body: object) => as(owner).post('/api/api-keys', body);
    for (const body of [
      { name: '', scopes: ['catalog:read'] },
      { name: 'X', scopes: ['admin'] },
      { name: 'X', scopes: [] },
      { name: 'X', scopes: ['catalog:read', 'catalog:read'] },
      { name: 'X', scopes: ['catalog:read'], extra: 1 },
      { name: 'x'.repeat(81), scopes: ['catalog:read'] },
    ])
      expect((await post(body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await as(owner).delete('/api/api-keys/not-an-id')).statusCode).toBe(400);
    for (let i = 0; i < MAX_API_KEYS; i++)
      expect((await post({ name: `K${i}`, scopes: ALL })).statusCode).toBe(201);
    const over = await post({ name: 'One more', scopes: ALL });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('too_many_api_keys');
  });
});
