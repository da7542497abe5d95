import { MAX_ADDRESSES, TOO_MANY_ADDRESSES_MESSAGE } from '@shop/contract/addresses';
import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';

/** The file's shop, its admin and buyer, and another buyer. */
const test = shopTest.extend('other', { scope: 'file' }, ({ shop }) => signUp(shop.app));

const save = (caller: Caller, body: unknown) => caller.post('/api/addresses', body as object);
const listed = async (caller: Caller) => {
  const res = await caller.get('/api/addresses');
  expect(res.statusCode).toBe(200);
  return res.json() as { _id: string; label: string; address: string; createdAt: string }[];
};
const saved = async (caller: Caller, body: unknown): Promise<string> => {
  const res = await save(caller, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
};

describe('POST and GET /api/addresses', () => {
  test("saves addresses, trimmed, and lists the caller's own, oldest first", async ({ shop, as, other }) => {
    const owner = as(await signUp(shop.app));
    const first = await saved(owner, {
      label: ' Repair centre, Dhaka ',
      address: 'House 12, Road 5\nDhanmondi, Dhaka',
      _id: 'ignored',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    const second = await saved(owner, { label: 'Warehouse', address: 'Plot 7, Tongi' });
    await saved(as(other), { label: 'Not theirs', address: 'Chittagong' });
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
    expect(await listed(as(await signUp(shop.app)))).toEqual([]);
  });

  test.for([
    ['no label', { address: 'Dhaka' }, 'label'],
    ['an empty label', { label: '  ', address: 'Dhaka' }, 'label'],
    ['a label of 61 characters', { label: 'x'.repeat(61), address: 'Dhaka' }, 'label'],
    ['no address', { label: 'Home' }, 'address'],
    ['an empty address', { label: 'Home', address: '' }, 'address'],
    ['an address of 501 characters', { label: 'Home', address: 'x'.repeat(501) }, 'address'],
    ['an address that is a list', { label: 'Home', address: ['Dhaka'] }, 'address'],
    ['a control character', { label: 'Home\u0000', address: 'Dhaka' }, 'label'],
  ] as const)('refuses %s with 400 naming the field', async ([, body, field], { as, buyer }) => {
    const res = await save(as(buyer), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toContain(field);
  });

  test('takes a label of 60 and an address of 500 characters', async ({ as, buyer }) => {
    await saved(as(buyer), { label: 'l'.repeat(60), address: 'a'.repeat(500) });
  });
});

describe('DELETE /api/addresses/{id}', () => {
  test("deletes the owner's address; someone else's → 403, none → 404, malformed → 400", async ({
    shop,
    as,
    other,
  }) => {
    const owner = as(await signUp(shop.app));
    const id = await saved(owner, { label: 'Old shop', address: 'Mirpur, Dhaka' });
    const notMine = await as(other).delete(`/api/addresses/${id}`);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.code).toBe('forbidden');
    expect(await listed(owner)).toHaveLength(1);

    const res = await owner.delete(`/api/addresses/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect(await listed(owner)).toEqual([]);
    const again = await owner.delete(`/api/addresses/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('not_found');
    expect((await owner.delete('/api/addresses/nope')).statusCode).toBe(400);
  });
});

describe('who may keep addresses', () => {
  test('answers a visitor 401 and an admin 403 on every call', async ({ as, admin, buyer }) => {
    const id = await saved(as(buyer), { label: 'Mine', address: 'Dhaka' });
    const calls = [
      ['GET', '/api/addresses', (c: Caller) => c.get('/api/addresses')],
      ['POST', '/api/addresses', (c: Caller) => c.post('/api/addresses', { label: 'L', address: 'A' })],
      ['DELETE', `/api/addresses/${id}`, (c: Caller) => c.delete(`/api/addresses/${id}`)],
    ] as const;
    for (const [method, url, send] of calls) {
      const visitor = await send(as(null));
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const asAdmin = await send(as(admin));
      expect(asAdmin.statusCode, `${method} ${url}`).toBe(403);
      expect(asAdmin.json().error.code).toBe('forbidden');
    }
    expect((await listed(as(buyer))).map((a) => a._id)).toContain(id);
  });
});

describe('MAX_ADDRESSES', () => {
  test(`keeps at most ${MAX_ADDRESSES} addresses per user, even when 50 are saved at once`, async ({
    shop,
    as,
    other,
  }) => {
    const owner = as(await signUp(shop.app));
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
    await saved(as(other), { label: 'Unaffected', address: 'Sylhet' });
    expect((await owner.delete(`/api/addresses/${kept[0]?._id}`)).statusCode).toBe(200);
    await saved(owner, { label: 'Freed', address: 'Dhaka' });
    expect((await save(owner, { label: 'One too many', address: 'Dhaka' })).statusCode).toBe(422);
  });

  test('is described in the API documentation', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/addresses'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/addresses/{id}'])).toContain('delete');
    expect(doc.paths['/api/addresses'].post.summary).toMatch(/too_many_addresses/);
  });
});
