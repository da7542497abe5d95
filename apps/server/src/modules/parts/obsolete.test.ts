import { describe, expect } from 'vitest';
import { test } from '../../test-support/fixture.js';
import { delivery, order } from '../../test-support/orders.js';
import { addedPart, stockOf } from '../../test-support/parts.js';

// An obsolete part stays findable but cannot be ordered or quoted: 422 part_obsolete, naming
// what to take instead (docs/api.md part three).

const ids = { tip: '', active: '', old: '', orphan: '' };

test.beforeAll(async ({ as, admin }) => {
  ids.tip = await addedPart(as(admin), { name: 'Soldering tip chisel 2.4 mm', available: 100 });
  ids.active = await addedPart(as(admin), { name: 'Flux pen', available: 100 });
  ids.old = await addedPart(as(admin), { name: 'Soldering tip chisel 2.4 mm, first series', available: 100 });
  ids.orphan = await addedPart(as(admin), { name: 'Sponge, first series', available: 100 });
  const part = (await as(admin).get(`/api/partsById?id=${ids.old}`)).json();
  const { _id, price_breaks, ...body } = part;
  for (const [id, replacementId] of [
    [ids.old, ids.tip],
    [ids.orphan, undefined],
  ] as const) {
    const res = await as(admin).put(`/api/partsById?id=${id}`, {
      ...body,
      name: id === ids.old ? body.name : 'Sponge, first series',
      lifecycle: 'obsolete',
      ...(replacementId ? { replacementId } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});

describe('an obsolete part', () => {
  test('cannot be ordered: 422 naming the replacement, and no line takes stock', async ({
    as,
    buyer,
    shop,
  }) => {
    const res = await order(as(buyer), [
      { partsId: ids.active, quantity: 2 },
      { partsId: ids.old, quantity: 2 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'part_obsolete',
      message:
        'Soldering tip chisel 2.4 mm, first series is obsolete and cannot be ordered: order Soldering tip chisel 2.4 mm instead',
      details: [{ line: 1, partsId: ids.old }],
    });
    expect(await stockOf(shop.database.db, ids.active)).toBe(100);
    expect(await stockOf(shop.database.db, ids.old)).toBe(100);
  });

  test('without a replacement says so', async ({ as, buyer }) => {
    const res = await as(buyer).post('/api/purchase', { partsId: ids.orphan, quantity: 3, ...delivery });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(
      'Sponge, first series is obsolete and cannot be ordered: it has no replacement in the catalog',
    );
  });

  test('cannot be quoted', async ({ as, buyer }) => {
    const res = await as(buyer).post('/api/quotes', {
      lines: [{ partsId: ids.old, quantity: 500 }],
      message: 'For our repair shop',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('part_obsolete');
  });

  test('its replacement orders as any part', async ({ as, buyer }) => {
    expect((await order(as(buyer), { partsId: ids.tip, quantity: 2 })).statusCode).toBe(201);
  });
});
