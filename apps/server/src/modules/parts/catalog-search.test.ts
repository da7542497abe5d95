import { describe, expect } from 'vitest';
import type { Caller } from '../../test-support/fixture.js';
import { test } from '../../test-support/fixture.js';

// Finding the part (docs/api.md part three): categories, a part's specification and the search
// by number, words and attributes, with facet counts that leave out their own filter.

const part = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  desc: `${name}, made for this test`,
  img: 'https://example.com/p.webp',
  min_order_quantity: 1,
  available_quantity: 100,
  price_per_piece: 5,
  ...more,
});

async function created(caller: Caller, url: string, body: object): Promise<string> {
  const res = await caller.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
}

const ids: Record<string, string> = {};

test.beforeAll(async ({ admin, as }) => {
  const shop = as(admin);
  ids.passive = await created(shop, '/api/categories', { name: 'Passive components' });
  ids.resistors = await created(shop, '/api/categories', {
    name: 'Resistors',
    parentId: ids.passive,
    attributes: [
      { key: 'resistance', name: 'Resistance', type: 'number', unit: 'Ω' },
      { key: 'power', name: 'Power', type: 'number', unit: 'W' },
      { key: 'package', name: 'Package', type: 'text' },
      { key: 'smd', name: 'Surface mount', type: 'boolean' },
    ],
  });
  ids.tips = await created(shop, '/api/categories', {
    name: 'Soldering tips',
    attributes: [{ key: 'width', name: 'Tip width', type: 'number', unit: 'm' }],
  });
  const resistor = (ohms: string, watts: number, pkg: string, smd: boolean, more: Record<string, unknown>) =>
    created(
      shop,
      '/api/parts',
      part(`Resistor ${ohms} ${pkg}`, {
        categoryId: ids.resistors,
        manufacturer: 'Ohmite',
        attributes: { resistance: ohms, power: watts, package: pkg, smd },
        ...more,
      }),
    );
  ids.r10k0603 = await resistor('10k', 0.1, '0603', true, { mpn: 'RC0603-10K/1%', price_per_piece: 2 });
  ids.r10k0805 = await resistor('10kΩ', 0.125, '0805', true, { price_per_piece: 3 });
  ids.r4k7 = await resistor('4.7k', 0.25, '0805', true, { available_quantity: 0, price_per_piece: 4 });
  ids.r1m = await resistor('1.5M', 0.5, 'THT', false, { lifecycle: 'nrnd', price_per_piece: 6 });
  ids.tip = await created(
    shop,
    '/api/parts',
    part('Soldering tip chisel 2.4 mm', {
      categoryId: ids.tips,
      mpn: 'T-24C',
      attributes: { width: '2.4mm' },
    }),
  );
  ids.oldTip = await created(
    shop,
    '/api/parts',
    part('Soldering tip chisel 2.4 mm, first series', {
      categoryId: ids.tips,
      mpn: 'T-24A',
      attributes: { width: 0.0024 },
      lifecycle: 'obsolete',
      replacementId: ids.tip,
    }),
  );
  ids.element = await created(shop, '/api/parts', part('Heating element 80 W', { mpn: 'HE-80' }));
  ids.station = await created(shop, '/api/tools', {
    name: 'Soldering station 80 W',
    model: 'DS-80/2',
    img: 'https://example.com/ds80.webp',
    diagrams: [],
    parts: [
      { partsId: ids.element, position: '7', quantityPerTool: 1, wear: true },
      { partsId: ids.tip, position: '1', quantityPerTool: 1, wear: true },
    ],
  });
});

const names = (body: { parts: { name: string }[] }) => body.parts.map((p) => p.name).sort();

describe('categories', () => {
  test('list as a tree, counting the parts of sub-categories', async ({ as }) => {
    const res = await as(null).get('/api/categories');
    expect(res.statusCode, res.body).toBe(200);
    const byName = Object.fromEntries(res.json().map((c: { name: string }) => [c.name, c]));
    expect(byName.Resistors).toMatchObject({ parentId: ids.passive, partCount: 4 });
    expect(byName['Passive components'].partCount).toBe(4);
    expect(byName.Resistors.attributes[0]).toEqual({
      key: 'resistance',
      name: 'Resistance',
      type: 'number',
      unit: 'Ω',
    });
  });

  test('are kept by admins alone, and checked', async ({ as, buyer, admin }) => {
    expect((await as(buyer).post('/api/categories', { name: 'Mine' })).statusCode).toBe(403);
    expect((await as(null).post('/api/categories', { name: 'Mine' })).statusCode).toBe(401);
    const twice = await as(admin).post('/api/categories', {
      name: 'Twice',
      attributes: [
        { key: 'a', name: 'A', type: 'text' },
        { key: 'a', name: 'A again', type: 'text', unit: 'V' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toMatch(/attributes\.1\.key.*used twice/);
    const loop = await as(admin).put(`/api/categories/${ids.passive}`, {
      name: 'Passive',
      parentId: ids.resistors,
    });
    expect(loop.statusCode).toBe(400);
  });

  test('with parts or sub-categories stay; an attribute in use keeps its type', async ({ as, admin }) => {
    expect((await as(admin).delete(`/api/categories/${ids.passive}`)).statusCode).toBe(409);
    expect((await as(admin).delete(`/api/categories/${ids.resistors}`)).statusCode).toBe(409);
    const retyped = await as(admin).put(`/api/categories/${ids.tips}`, {
      name: 'Soldering tips',
      attributes: [{ key: 'width', name: 'Tip width', type: 'text' }],
    });
    expect(retyped.statusCode).toBe(409);
    const empty = await created(as(admin), '/api/categories', { name: 'Empty' });
    expect((await as(admin).delete(`/api/categories/${empty}`)).statusCode).toBe(200);
  });
});

describe("a part's specification", () => {
  test('reads numbers as written, in the base unit', async ({ as }) => {
    const res = await as(null).get(`/api/partsById?id=${ids.r4k7}`);
    expect(res.json()).toMatchObject({
      categoryId: ids.resistors,
      manufacturer: 'Ohmite',
      lifecycle: 'active',
      attributes: { resistance: 4700, power: 0.25, package: '0805', smd: true },
      documents: [],
    });
    const tip = await as(null).get(`/api/partsById?id=${ids.oldTip}`);
    expect(tip.json()).toMatchObject({ lifecycle: 'obsolete', replacementId: ids.tip, mpn: 'T-24A' });
  });

  test.for([
    [{ attributes: { colour: 'red' } }, /attributes\.colour.*no attribute colour/],
    [{ attributes: { power: 'lots' } }, /attributes\.power: must be a number in W/],
    [{ attributes: { smd: 'yes' } }, /attributes\.smd: must be true or false/],
    [{ categoryId: '0190aaaa-0000-7000-8000-000000000000' }, /categoryId: no such category/],
    [{ replacementId: '0190aaaa-0000-7000-8000-000000000000' }, /replacementId/],
  ] as const)('refuses %o with 422 naming it', async ([more, message], { as, admin }) => {
    const res = await as(admin).post('/api/parts', part('Wrong', { categoryId: ids.resistors, ...more }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation' });
    expect(res.json().error.message).toMatch(message);
  });

  test('without a category carries no attributes', async ({ as, admin }) => {
    const res = await as(admin).post('/api/parts', part('Loose', { attributes: { power: 1 } }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/no category/);
  });
});

describe('the search by number', () => {
  test.for(['rc0603-10k/1%', 'RC 0603 10K 1%', 'rc0603.10k'])(
    'finds %s by its mpn, punctuation ignored',
    async (q, { as }) => {
      const res = await as(null).get(`/api/catalog/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().parts[0]._id).toBe(ids.r10k0603);
    },
  );

  test('an exact number comes before the numbers it starts', async ({ as }) => {
    const res = await as(null).get('/api/catalog/search?q=T24');
    expect(names(res.json())).toEqual([
      'Soldering tip chisel 2.4 mm',
      'Soldering tip chisel 2.4 mm, first series',
    ]);
    const exact = await as(null).get('/api/catalog/search?q=t-24a');
    expect(exact.json().parts[0]._id).toBe(ids.oldTip);
  });

  test('finds a part by its id, and an obsolete one stays findable', async ({ as }) => {
    const res = await as(null).get(`/api/catalog/search?q=${ids.oldTip}`);
    expect(res.json().parts[0]).toMatchObject({
      _id: ids.oldTip,
      lifecycle: 'obsolete',
      replacementId: ids.tip,
    });
    const active = await as(null).get('/api/catalog/search?q=T24&lifecycle=active');
    expect(names(active.json())).toEqual(['Soldering tip chisel 2.4 mm']);
  });
});

describe('the search by tool', () => {
  test.for(['DS-80/2', 'ds 80 2', 'ds80'])(
    'finds the parts of the tool whose model is %s',
    async (q, { as }) => {
      const res = await as(null).get(`/api/catalog/search?q=${encodeURIComponent(q)}`);
      expect(names(res.json())).toEqual(['Heating element 80 W', 'Soldering tip chisel 2.4 mm']);
    },
  );

  test('tool= keeps the parts on its list; an unknown tool is a 404', async ({ as }) => {
    const res = await as(null).get(`/api/catalog/search?tool=${ids.station}&q=heating`);
    expect(names(res.json())).toEqual(['Heating element 80 W']);
    const none = await as(null).get('/api/catalog/search?tool=0190aaaa-0000-7000-8000-000000000000');
    expect(none.statusCode).toBe(404);
  });

  test('a part names the tools it fits, with its position', async ({ as }) => {
    const fits = [{ toolId: ids.station, model: 'DS-80/2', position: '7' }];
    expect((await as(null).get(`/api/partsById?id=${ids.element}`)).json().fitsTools).toEqual(fits);
    const found = await as(null).get('/api/catalog/search?q=HE-80');
    expect(found.json().parts[0].fitsTools).toEqual(fits);
  });
});

describe('the search by words', () => {
  test('every word must match, the last one as a start', async ({ as }) => {
    const res = await as(null).get('/api/catalog/search?q=soldering%20chis');
    expect(res.json().total).toBe(2);
    const none = await as(null).get('/api/catalog/search?q=soldering%20resistor');
    expect(none.json()).toMatchObject({ total: 0, parts: [] });
  });

  test.for(['heatng', 'haeting', 'heatiing', 'hezting'])(
    'tolerates one letter wrong: %s',
    async (word, { as }) => {
      const res = await as(null).get(`/api/catalog/search?q=${word}%20element`);
      expect(names(res.json())).toEqual(['Heating element 80 W']);
    },
  );

  test('searches the manufacturer and the description too', async ({ as }) => {
    expect((await as(null).get('/api/catalog/search?q=ohmite')).json().total).toBe(4);
    expect(
      (await as(null).get('/api/catalog/search?q=made%20for%20this%20test&limit=1')).json(),
    ).toMatchObject({
      total: 7,
    });
  });

  test('splits words at every character that is neither letter nor digit, as the search does', async ({
    as,
    admin,
  }) => {
    const id = await created(as(admin), '/api/parts', part('AC/DC clamp meter probe 4.7 mm'));
    for (const q of ['AC/DC', 'ac dc', 'clamp 4.7'])
      expect(
        (await as(null).get(`/api/catalog/search?q=${encodeURIComponent(q)}`)).json().parts[0]?._id,
        q,
      ).toBe(id);
    expect((await as(admin).delete(`/api/partsById?id=${id}`)).statusCode).toBe(200);
  });

  test('search syntax is only text', async ({ as }) => {
    for (const q of ['"', 'a OR b', 'NEAR(a b)', "'; drop table parts; --", '*', '(', 'x & !y | z:*'])
      expect((await as(null).get(`/api/catalog/search?q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
  });
});

describe('the search by specification', () => {
  const search = (as: (who: null) => Caller, query: string) => as(null).get(`/api/catalog/search?${query}`);

  test('a category includes its sub-categories', async ({ as }) => {
    const res = await search(as, `category=${ids.passive}`);
    expect(res.json().total).toBe(4);
  });

  test.for([
    ['f.resistance=10k', 2],
    ['f.resistance=10000', 2],
    ['f.resistance=10kΩ,4.7k', 3],
    ['f.resistance=5k..', 3],
    ['f.resistance=..4.7k', 1],
    ['f.resistance=1k..20k&f.package=0805', 2],
    ['f.power=0.2..&f.smd=true', 1],
    ['f.smd=false', 1],
    ['f.package=0603,THT', 2],
    ['inStock=true', 3],
    ['lifecycle=active', 3],
  ] as const)('%s leaves %i', async ([filters, total], { as }) => {
    const res = await search(as, `category=${ids.resistors}&${encodeURI(filters)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(total);
  });

  test("in stock: pieces enough for the least order, in the part's multiples", async ({ as, admin }) => {
    const reel = async (name: string, available: number) => {
      const res = await as(admin).post('/api/parts', {
        name,
        desc: 'Sold by the reel of 500',
        img: 'https://example.com/p.webp',
        min_order_quantity: 100,
        available_quantity: available,
        price_per_piece: 1,
        order_multiple: 500,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    // 300 pieces are above the minimum (100) but short of one reel (500): nothing to order.
    await reel('Zyxwv reel short', 300);
    await reel('Zyxwv reel whole', 500);
    const names = async (query: string) =>
      (await search(as, query))
        .json()
        .parts.map((part: { name: string }) => part.name)
        .sort();
    expect(await names('q=zyxwv')).toEqual(['Zyxwv reel short', 'Zyxwv reel whole']);
    expect(await names('q=zyxwv&inStock=true')).toEqual(['Zyxwv reel whole']);
  });

  test('facets count every filter but their own', async ({ as }) => {
    const res = await search(as, `category=${ids.resistors}&${encodeURI('f.package=0805&f.smd=true')}`);
    const facets = Object.fromEntries(res.json().facets.map((f: { key: string }) => [f.key, f]));
    // Package ignores its own filter: every smd package is counted.
    expect(facets.package.values).toEqual([
      { value: '0805', count: 2 },
      { value: '0603', count: 1 },
    ]);
    // Surface mount ignores its own: both kinds in 0805 are counted.
    expect(facets.smd.values).toEqual([{ value: true, count: 2 }]);
    expect(facets.resistance).toMatchObject({ type: 'number', unit: 'Ω', min: 4700, max: 10000 });
    expect(facets.power.values).toHaveLength(2);
  });

  test('without a category, a search has the facets of the categories it found', async ({ as }) => {
    const res = await search(as, 'q=resistor');
    expect(res.json().facets.map((f: { key: string }) => f.key)).toEqual([
      'resistance',
      'power',
      'package',
      'smd',
    ]);
    const all = await search(as, '');
    expect(all.json().facets).toEqual([]);
  });

  test.for([
    ['f.resistance=lots', /f\.resistance: must be numbers in Ω/],
    ['f.resistance=1k..2k..3k', /f\.resistance: must be a range/],
    ['f.colour=red', /f\.colour: unknown attribute/],
    ['f.smd=maybe', /f\.smd: must be true or false/],
    ['f.package=a,,b', /f\.package/],
    ['colour=red', /colour: unknown parameter/],
    ['sort=cheapest', /sort/],
    ['limit=500', /limit/],
  ] as const)('%s → 400 naming it', async ([query, message], { as }) => {
    const res = await search(as, `category=${ids.resistors}&${encodeURI(query)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
  });

  test('a category that is not there → 404', async ({ as }) => {
    expect((await search(as, 'category=0190aaaa-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });

  test.for([
    ['price', 'Resistor 10k 0603'],
    ['name', 'Resistor 1.5M THT'],
    ['-price', 'Resistor 1.5M THT'],
  ] as const)('sorts by %s', async ([sort, first], { as }) => {
    const res = await search(as, `category=${ids.resistors}&sort=${sort}`);
    expect(res.json().parts[0].name).toBe(first);
  });

  test('pages a category with its facets in the order asked, each part once', async ({ as }) => {
    const names = async (query: string) =>
      (await search(as, `category=${ids.passive}&sort=price&${query}`))
        .json()
        .parts.map((part: { name: string }) => part.name);
    const whole = await names('limit=100');
    expect(whole.length).toBeGreaterThan(3);
    const paged = [];
    for (let offset = 0; offset < whole.length; offset += 2) {
      const res = await search(as, `category=${ids.passive}&sort=price&limit=2&offset=${offset}`);
      expect(res.json().total).toBe(whole.length);
      expect(res.json().facets.length).toBeGreaterThan(0);
      paged.push(...res.json().parts.map((part: { name: string }) => part.name));
    }
    expect(paged).toEqual(whole);
    expect(await names(`limit=100&offset=${whole.length}`)).toEqual([]);
  });
});
