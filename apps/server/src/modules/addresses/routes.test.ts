import { MAX_ADDRESSES, TOO_MANY_ADDRESSES_MESSAGE } from '@shop/contract/addresses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  [buyer, other] = [await signUp(shop.app), await signUp(shop.app)];
});
afterAll(async () => {
  await shop.close();
});

type Who = TestAccount | null;
const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  shop.app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const save = (who: Who, body: unknown) => call(who, 'POST', '/api/addresses', body);
const listed = async (who: TestAccount) => {
  const res = await call(who, 'GET', '/api/addresses');
  expect(res.statusCode).toBe(200);
  return res.json() as { _id: string; label: string; address: string; createdAt: string }[];
};
const saved = async (who: TestAccount, body: unknown): Promise<string> => {
  const res = await save(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
};

describe('POST and GET /api/addresses', () => {
  it("saves addresses, trimmed, and lists the caller's own, oldest first", async () => {
    const owner = await signUp(shop.app);
    const first = await saved(owner, {
      label: ' Repair centre, Dhaka ',
      address: 'House 12, Road 5\nDhanmondi, Dhaka',
      _id: 'ignored',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    const second = await saved(owner, { label: 'Warehouse', address: 'Plot 7, Tongi' });
    await saved(other, { label: 'Not theirs', address: 'Chittagong' });
    expect(await listed(owner)).toEqual([
      {
        _id: first,
        label: 'Repair centre, Dhaka',
        address: 'House 12, Road 5\nDhanmondi, Dhaka',
        createdAt: expect.any(String),
      },
      { _id: second, label: 'Warehouse', address: 'Plot 7, Tongi', createdAt: expect.any(String) },
    ]);
    const [a, b] = await listed(owner);
    expect(a && b && a.createdAt <= b.createdAt).toBe(true);
    expect(a?.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(await listed(await signUp(shop.app))).toEqual([]);
  });

  it.each([
    ['no label', { address: 'Dhaka' }, 'label'],
    ['an empty label', { label: '  ', address: 'Dhaka' }, 'label'],
    ['a label of 61 characters', { label: 'x'.repeat(61), address: 'Dhaka' }, 'label'],
    ['no address', { label: 'Home' }, 'address'],
    ['an empty address', { label: 'Home', address: '' }, 'address'],
    ['an address of 501 characters', { label: 'Home', address: 'x'.repeat(501) }, 'address'],
    ['an address that is a list', { label: 'Home', address: ['Dhaka'] }, 'address'],
    ['a control character', { label: 'Home\u0000', address: 'Dhaka' }, 'label'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const res = await save(buyer, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toContain(field);
  });

  it('takes a label of 60 and an address of 500 characters', async () => {
    await saved(buyer, { label: 'l'.repeat(60), address: 'a'.repeat(500) });
  });
});

describe('DELETE /api/addresses/{id}', () => {
  it("deletes the owner's address; someone else's → 403, none → 404, malformed → 400", async () => {
    const owner = await signUp(shop.app);
    const id = await saved(owner, { label: 'Old shop', address: 'Mirpur, Dhaka' });
    const notMine = await call(other, 'DELETE', `/api/addresses/${id}`);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.code).toBe('forbidden');
    expect(await listed(owner)).toHaveLength(1);

    const res = await call(owner, 'DELETE', `/api/addresses/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect(await listed(owner)).toEqual([]);
    const again = await call(owner, 'DELETE', `/api/addresses/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('not_found');
    expect((await call(owner, 'DELETE', '/api/addresses/nope')).statusCode).toBe(400);
  });
});

describe('who may keep addresses', () => {
  it('answers a visitor 401 and an admin 403 on every call', async () => {
    const id = await saved(buyer, { label: 'Mine', address: 'Dhaka' });
    const calls = [
      ['GET', '/api/addresses', undefined],
      ['POST', '/api/addresses', { label: 'L', address: 'A' }],
      ['DELETE', `/api/addresses/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const visitor = await call(null, method, url, payload);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const asAdmin = await call(admin, method, url, payload);
      expect(asAdmin.statusCode, `${method} ${url}`).toBe(403);
      expect(asAdmin.json().error.code).toBe('forbidden');
    }
    expect((await listed(buyer)).map((a) => a._id)).toContain(id);
  });
});

describe('MAX_ADDRESSES', () => {
  it(`keeps at most ${MAX_ADDRESSES} addresses per user, even when 50 are saved at once`, async () => {
    const owner = await signUp(shop.app);
    await saved(owner, { label: 'First', address: 'Dhaka' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => save(owner, { label: `Race ${i}`, address: 'Dhaka' })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_ADDRESSES - 1);
    const refused = answers.filter((a) => a.statusCode === 422);
    expect(refused).toHaveLength(50 - (MAX_ADDRESSES - 1));
    for (const answer of refused)
      expect(answer.json()).toEqual({
        error: { code: 'too_many_addresses', message: TOO_MANY_ADDRESSES_MESSAGE },
      });
    const kept = await listed(owner);
    expect(kept).toHaveLength(MAX_ADDRESSES);

    // Another user is not held by it; deleting one frees a place.
    await saved(other, { label: 'Unaffected', address: 'Sylhet' });
    expect((await call(owner, 'DELETE', `/api/addresses/${kept[0]?._id}`)).statusCode).toBe(200);
    await saved(owner, { label: 'Freed', address: 'Dhaka' });
    expect((await save(owner, { label: 'One too many', address: 'Dhaka' })).statusCode).toBe(422);
  });

  it('is described in the API documentation', async () => {
    const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/addresses'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/addresses/{id}'])).toContain('delete');
    expect(doc.paths['/api/addresses'].post.summary).toMatch(/too_many_addresses/);
  });
});
