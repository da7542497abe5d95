import type { Category } from '@shop/contract/catalog';
import { describe, expect } from 'vitest';
import type { Caller } from '../../test-support/fixture.js';
import { test as shopTest } from '../../test-support/fixture.js';

shopTest.override('shopOptions', { demo: false });
const test = shopTest;

// A category's UNSPSC code (docs/api.md part three): 8 digits or none, kept by admins, read by anyone.

async function read(caller: Caller, id: string): Promise<Category | undefined> {
  const res = await caller.get('/api/categories');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Category[]).find((category) => category._id === id);
}

describe("a category's UNSPSC code", () => {
  test.for([
    ['1234567', '7 digits'],
    ['2711170A', 'a letter'],
    ['123456789', '9 digits'],
    ['2711 1700', 'a space'],
    [27111700, 'a number, not a text'],
  ] as const)('%o (%s) is refused with 400 validation naming the field', async ([unspsc], { as, admin }) => {
    const res = await as(admin).post('/api/categories', { name: 'Wrong code', unspsc });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation',
      message: 'unspsc must be exactly 8 digits, such as 27111700',
    });
  });

  test('is stored, read back, changed, kept when left out and cleared with null', async ({ as, admin }) => {
    const shop = as(admin);
    const made = await shop.post('/api/categories', { name: 'Crimping tools', unspsc: '27111700' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().insertedId as string;
    expect(await read(as(null), id)).toEqual({
      _id: id,
      name: 'Crimping tools',
      partCount: 0,
      attributes: [],
      unspsc: '27111700',
    });

    const changed = await shop.put(`/api/categories/${id}`, { name: 'Crimping tools', unspsc: '27112800' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read(as(null), id))?.unspsc).toBe('27112800');

    // A client that does not know the field renames the category and keeps its code.
    const renamed = await shop.put(`/api/categories/${id}`, { name: 'Crimpers', attributes: [] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await read(as(null), id)).toMatchObject({ name: 'Crimpers', unspsc: '27112800' });

    const wrong = await shop.put(`/api/categories/${id}`, { name: 'Crimpers', unspsc: '2711280' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/^unspsc /);
    expect((await read(as(null), id))?.unspsc).toBe('27112800');

    const cleared = await shop.put(`/api/categories/${id}`, { name: 'Crimpers', unspsc: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = await read(as(null), id);
    expect(after).toBeDefined();
    expect(after).not.toHaveProperty('unspsc');
  });

  test('a category made without one has none, as before', async ({ as, admin }) => {
    const made = await as(admin).post('/api/categories', { name: 'No code', attributes: [] });
    expect(made.statusCode, made.body).toBe(201);
    expect(await read(as(null), made.json().insertedId)).not.toHaveProperty('unspsc');
  });

  test('is set by admins alone', async ({ as, buyer }) => {
    expect((await as(buyer).post('/api/categories', { name: 'Mine', unspsc: '27111700' })).statusCode).toBe(
      403,
    );
  });
});
