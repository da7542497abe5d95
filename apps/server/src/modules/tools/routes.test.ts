import { MAX_DIAGRAM_HOTSPOTS, MAX_TOOL_DIAGRAMS, MAX_TOOL_PARTS } from '@shop/contract/tools';
import { describe, expect } from 'vitest';
import { type Caller, test } from '../../test-support/fixture.js';
import { insertPart, insertParts } from '../../test-support/parts.js';
import { fitsToolsOf, toolPartIds, toolsByModel } from './index.js';

const IMG = `/api/images/${'a'.repeat(64)}.webp`;
let tip: string;
let heater: string;
let sponge: string;
let gone: string;
test.beforeAll(async ({ shop }) => {
  const db = shop.database.db;
  tip = await insertPart(db, {
    name: 'Soldering tip, chisel 2.4 mm (T-24C)',
    price_per_piece: 9,
    min_order_quantity: 5,
  });
  heater = await insertPart(db, {
    name: 'Heating element 80 W (HE-80)',
    price_per_piece: 31,
    min_order_quantity: 1,
  });
  sponge = await insertPart(db, { name: 'Cleaning sponge', price_per_piece: 2 });
  gone = await insertPart(db, { name: 'Old tip', deleted_at: new Date().toISOString() });
});

/** A soldering station as an admin would describe it. */
const station = (overrides: Record<string, unknown> = {}) => ({
  name: 'Soldering station 80 W',
  model: 'TS-80 P',
  img: IMG,
  diagrams: [
    {
      title: 'Handpiece, exploded',
      img: IMG,
      hotspots: [
        { label: '1', partsId: tip, x: 0.25, y: 0.5 },
        { label: '2', partsId: heater, x: 0.6123, y: 0.4 },
      ],
    },
  ],
  parts: [
    { partsId: tip, position: '1', quantityPerTool: 1, wear: true },
    { partsId: heater, position: '2', quantityPerTool: '1', wear: true },
    { partsId: sponge, position: '7', quantityPerTool: 2 },
  ],
  ...overrides,
});

const created = async (admin: Caller, body: unknown = station()): Promise<string> => {
  const res = await admin.post('/api/tools', body as object);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
};

describe('POST /api/tools and GET /api/tools/{id}', () => {
  test('adds a tool model and anyone reads it back with its diagrams, hotspots and parts list', async ({
    as,
    admin,
  }) => {
    const id = await created(as(admin));
    const res = await as(null).get(`/api/tools/${id}`);
    expect(res.statusCode).toBe(200);
    const tool = res.json();
    expect(tool).toMatchObject({
      _id: id,
      name: 'Soldering station 80 W',
      model: 'TS-80 P',
      img: IMG,
      diagrams: [
        {
          _id: expect.any(String),
          title: 'Handpiece, exploded',
          img: IMG,
          hotspots: [
            { label: '1', partsId: tip, partsName: 'Soldering tip, chisel 2.4 mm (T-24C)', x: 0.25, y: 0.5 },
            { label: '2', partsId: heater, partsName: 'Heating element 80 W (HE-80)', x: 0.6123, y: 0.4 },
          ],
        },
      ],
      parts: [
        {
          partsId: tip,
          position: '1',
          quantityPerTool: 1,
          wear: true,
          part: { price_per_piece: 9, min_order_quantity: 5 },
        },
        { partsId: heater, position: '2', quantityPerTool: 1, wear: true },
        { partsId: sponge, partsName: 'Cleaning sponge', position: '7', quantityPerTool: 2, wear: false },
      ],
    });
    expect(tool.parts[0].part).toEqual({
      img: 'https://example.com/p.webp',
      price_per_piece: 9,
      available_quantity: 500,
      min_order_quantity: 5,
      order_multiple: 1,
      price_breaks: [],
    });
  });

  test('names the unknown or deleted parts of the parts list with 422 unknown_part', async ({
    as,
    admin,
  }) => {
    const missing = '0190a000-0000-7000-8000-000000000000';
    const res = await as(admin).post(
      '/api/tools',
      station({
        diagrams: [],
        parts: [
          { partsId: tip, position: '1', quantityPerTool: 1 },
          { partsId: missing, position: '2', quantityPerTool: 1 },
          { partsId: gone, position: '3', quantityPerTool: 1 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('unknown_part');
    expect(res.json().error.message).toContain(missing);
    expect(res.json().error.details).toEqual([
      { line: 1, partsId: missing },
      { line: 2, partsId: gone },
    ]);
  });

  test.for([
    ['no name', { name: undefined }, 'name'],
    ['a model of 61 characters', { model: 'M'.repeat(61) }, 'model'],
    ['a model of punctuation only', { model: ' -/. ' }, 'model'],
    ['a picture that is no address', { img: 'javascript:alert(1)' }, 'img'],
    [
      '21 diagrams',
      {
        diagrams: Array.from({ length: MAX_TOOL_DIAGRAMS + 1 }, () => ({
          title: 'D',
          img: IMG,
          hotspots: [],
        })),
      },
      'diagrams',
    ],
    ['a hotspot right of the picture', { hotspots: [{ label: '1', x: 1.01, y: 0.5 }] }, 'x'],
    ['a hotspot above the picture', { hotspots: [{ label: '1', x: 0.5, y: -0.1 }] }, 'y'],
    ['a hotspot without a label', { hotspots: [{ label: '', x: 0.5, y: 0.5 }] }, 'label'],
    [
      'a fractional quantity per tool',
      { parts: [{ position: '1', quantityPerTool: 1.5 }] },
      'quantityPerTool',
    ],
    ['a quantity per tool of 0', { parts: [{ position: '1', quantityPerTool: 0 }] }, 'quantityPerTool'],
    [
      'a quantity per tool of 10,001',
      { parts: [{ position: '1', quantityPerTool: 10_001 }] },
      'quantityPerTool',
    ],
    ['wear as text', { parts: [{ position: '1', quantityPerTool: 1, wear: 'yes' }] }, 'wear'],
    [
      'a position of 21 characters',
      { parts: [{ position: 'p'.repeat(21), quantityPerTool: 1 }] },
      'position',
    ],
  ] as const)('refuses %s with 400 naming the field', async ([, change, field], { as, admin }) => {
    const body: Record<string, unknown> = station();
    const patch = change as Record<string, unknown>;
    if (patch.hotspots)
      body.diagrams = [
        { title: 'D', img: IMG, hotspots: (patch.hotspots as object[]).map((h) => ({ partsId: tip, ...h })) },
      ];
    else if (patch.parts) body.parts = (patch.parts as object[]).map((p) => ({ partsId: tip, ...p }));
    else Object.assign(body, patch);
    const res = await as(admin).post('/api/tools', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toContain(field);
  });

  test('refuses a hotspot whose part is not on the parts list, and a part twice at one position', async ({
    as,
    admin,
  }) => {
    const stray = await as(admin).post(
      '/api/tools',
      station({ parts: [{ partsId: heater, position: '2', quantityPerTool: 1 }] }),
    );
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error.message).toContain('must be a part of the parts list');
    const twice = await as(admin).post(
      '/api/tools',
      station({
        diagrams: [],
        parts: [
          { partsId: tip, position: '1', quantityPerTool: 1 },
          { partsId: tip, position: '1', quantityPerTool: 2 },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain('lists this part at this position already');
  });

  test('takes the most hotspots and parts a tool may have, and refuses one more', async ({
    shop,
    as,
    admin,
  }) => {
    const many = await insertParts(
      shop.database.db,
      Array.from({ length: MAX_TOOL_PARTS }, (_, i) => ({ name: `Tool part ${i}` })),
    );
    const parts = many.map((partsId, i) => ({ partsId, position: String(i + 1), quantityPerTool: 1 }));
    const hotspots = many
      .slice(0, MAX_DIAGRAM_HOTSPOTS)
      .map((partsId, i) => ({ label: String(i + 1), partsId, x: i / MAX_DIAGRAM_HOTSPOTS, y: 0.5 }));
    const id = await created(
      as(admin),
      station({ model: 'BIG-1', diagrams: [{ title: 'All', img: IMG, hotspots }], parts }),
    );
    const tool = (await as(null).get(`/api/tools/${id}`)).json();
    expect(tool.parts).toHaveLength(MAX_TOOL_PARTS);
    expect(tool.diagrams[0].hotspots).toHaveLength(MAX_DIAGRAM_HOTSPOTS);
    expect(tool.parts.map((p: { partsId: string }) => p.partsId)).toEqual(many);
    const tooMany = await as(admin).post(
      '/api/tools',
      station({ diagrams: [], parts: [...parts, { partsId: tip, position: 'x', quantityPerTool: 1 }] }),
    );
    expect(tooMany.statusCode).toBe(400);
    const tooManySpots = await as(admin).post(
      '/api/tools',
      station({
        diagrams: [
          { title: 'All', img: IMG, hotspots: [...hotspots, { label: 'x', partsId: many[0], x: 0, y: 0 }] },
        ],
        parts,
      }),
    );
    expect(tooManySpots.statusCode).toBe(400);
  });

  test('answers 404 for an unknown tool and 400 for an id of the wrong form', async ({ as }) => {
    expect((await as(null).get('/api/tools/0190a000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await as(null).get('/api/tools/nope')).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /api/tools/{id}', () => {
  test('replaces a tool, writes audit entries, and a deleted tool is gone from reads', async ({
    as,
    admin,
  }) => {
    const id = await created(as(admin), station({ model: 'EDIT-1' }));
    const put = await as(admin).put(
      `/api/tools/${id}`,
      station({
        name: 'Renamed',
        model: 'EDIT-2',
        diagrams: [],
        parts: [{ partsId: sponge, position: '3', quantityPerTool: 4 }],
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ acknowledged: true });
    const tool = (await as(null).get(`/api/tools/${id}`)).json();
    expect(tool).toMatchObject({ name: 'Renamed', model: 'EDIT-2', diagrams: [] });
    expect(tool.parts).toEqual([
      expect.objectContaining({ partsId: sponge, position: '3', quantityPerTool: 4, wear: false }),
    ]);
    expect((await as(admin).delete(`/api/tools/${id}`)).statusCode).toBe(200);
    expect((await as(null).get(`/api/tools/${id}`)).statusCode).toBe(404);
    expect((await as(admin).delete(`/api/tools/${id}`)).statusCode).toBe(404);
    expect((await as(admin).put(`/api/tools/${id}`, station())).statusCode).toBe(404);

    const log = (await as(admin).get('/api/audit?limit=10')).json();
    const mine = log.filter((entry: { subjectId: string }) => entry.subjectId === id);
    expect(mine.map((entry: { action: string }) => entry.action)).toEqual([
      'tool.deleted',
      'tool.edited',
      'tool.created',
    ]);
    expect(mine[0].subjectName).toBe('Renamed (EDIT-2)');
    expect(mine[1].before).toMatchObject({
      name: 'Soldering station 80 W',
      model: 'EDIT-1',
      partsListed: 3,
      wearParts: 2,
    });
    expect(mine[1].after).toMatchObject({ name: 'Renamed', model: 'EDIT-2', partsListed: 1, diagrams: 0 });
  });

  test("keeps the parts list in the order it was sent, not by position, and a replace's new order", async ({
    as,
    admin,
  }) => {
    const line = (partsId: string, position: string) => ({ partsId, position, quantityPerTool: 1 });
    const order = async (id: string) =>
      (await as(null).get(`/api/tools/${id}`))
        .json()
        .parts.map((part: { partsId: string; position: string }) => [part.partsId, part.position]);
    const id = await created(
      as(admin),
      station({
        model: 'ORDER-1',
        diagrams: [],
        parts: [line(sponge, '7'), line(heater, '2'), line(tip, '10')],
      }),
    );
    expect(await order(id)).toEqual([
      [sponge, '7'],
      [heater, '2'],
      [tip, '10'],
    ]);
    // The admin moved the tip up twice and the sponge down: the list comes back as they left it.
    const put = await as(admin).put(
      `/api/tools/${id}`,
      station({
        model: 'ORDER-1',
        diagrams: [],
        parts: [line(tip, '10'), line(heater, '2'), line(sponge, '7')],
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(await order(id)).toEqual([
      [tip, '10'],
      [heater, '2'],
      [sponge, '7'],
    ]);
    const listed = (await as(null).get('/api/tools?q=ORDER-1')).json();
    expect(listed.map((tool: { parts: { partsId: string }[] }) => tool.parts.map((p) => p.partsId))).toEqual([
      [tip, heater, sponge],
    ]);
  });

  test('a failed replace changes nothing', async ({ as, admin }) => {
    const id = await created(as(admin), station({ model: 'KEEP-1' }));
    const res = await as(admin).put(
      `/api/tools/${id}`,
      station({ diagrams: [], parts: [{ partsId: gone, position: '1', quantityPerTool: 1 }] }),
    );
    expect(res.statusCode).toBe(422);
    const tool = (await as(null).get(`/api/tools/${id}`)).json();
    expect(tool.parts).toHaveLength(3);
    expect(tool.diagrams[0].hotspots).toHaveLength(2);
  });

  test.for([
    ['POST', '/api/tools'],
    ['PUT', '/api/tools/0190a000-0000-7000-8000-000000000000'],
    ['DELETE', '/api/tools/0190a000-0000-7000-8000-000000000000'],
  ] as const)(
    '%s %s is for admins: 401 for a visitor, 403 for a buyer',
    async ([method, url], { as, buyer }) => {
      const body = method === 'DELETE' ? undefined : station();
      expect((await as(null).send(method, url, body)).statusCode).toBe(401);
      expect((await as(buyer).send(method, url, body)).statusCode).toBe(403);
    },
  );
});

describe('GET /api/tools, /api/tools/fitting and what the catalog reads', () => {
  test('pages the tools by name, finds a model with punctuation ignored, and names the tools a part fits', async ({
    shop,
    as,
    admin,
  }) => {
    const bit = await insertPart(shop.database.db, { name: 'Crimp die set 0.5–6 mm² (CD-06)' });
    const crimper = await created(
      as(admin),
      station({
        name: 'AAA Crimping tool',
        model: 'CR-06/A',
        diagrams: [],
        parts: [{ partsId: bit, position: '4', quantityPerTool: 1, wear: true }],
      }),
    );
    const other = await created(
      as(admin),
      station({
        name: 'AAB Crimping tool XL',
        model: 'CR-06.XL',
        diagrams: [],
        parts: [{ partsId: bit, position: '9', quantityPerTool: 2 }],
      }),
    );
    const found = await as(null).get('/api/tools?q=cr06&limit=1');
    expect(found.statusCode).toBe(200);
    expect(found.headers['x-total-count']).toBe('2');
    expect(found.json().map((t: { _id: string }) => t._id)).toEqual([crimper]);
    const next = await as(null).get('/api/tools?q=CR 06&limit=1&offset=1');
    expect(next.json().map((t: { _id: string }) => t._id)).toEqual([other]);
    expect((await as(null).get('/api/tools?q=cr06a')).json()).toHaveLength(1);
    expect((await as(null).get('/api/tools?q=100%25')).json()).toHaveLength(0);
    expect((await as(null).get('/api/tools?limit=500')).json().length).toBeLessThanOrEqual(20);
    expect((await as(null).get('/api/tools?limit=0')).statusCode).toBe(400);

    const fitting = await as(null).get(`/api/tools/fitting?partId=${bit}`);
    expect(fitting.statusCode).toBe(200);
    expect(fitting.json()).toEqual([
      { toolId: crimper, name: 'AAA Crimping tool', model: 'CR-06/A', position: '4' },
      { toolId: other, name: 'AAB Crimping tool XL', model: 'CR-06.XL', position: '9' },
    ]);
    expect((await as(null).get('/api/tools/fitting?partId=x')).statusCode).toBe(400);

    const db = shop.database.db;
    const fits = await fitsToolsOf(db, [bit, sponge, bit]);
    expect(fits.get(bit)).toEqual([
      { toolId: crimper, model: 'CR-06/A', position: '4' },
      { toolId: other, model: 'CR-06.XL', position: '9' },
    ]);
    expect(await toolPartIds(db, crimper)).toEqual([bit]);
    expect(await toolsByModel(db, 'cr-06 a')).toEqual([
      { _id: crimper, name: 'AAA Crimping tool', model: 'CR-06/A' },
    ]);
    expect((await toolsByModel(db, 'CR06')).map((t) => t._id)).toEqual([crimper, other]);
    expect(await toolsByModel(db, ' - ')).toEqual([]);

    await as(admin).delete(`/api/tools/${other}`);
    expect((await as(null).get(`/api/tools/fitting?partId=${bit}`)).json()).toHaveLength(1);
    expect(await toolPartIds(db, other)).toEqual([]);
  });
});
