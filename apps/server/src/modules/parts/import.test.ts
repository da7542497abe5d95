import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { type Caller, test } from '../../test-support/fixture.js';
import type { TestShop } from '../../test-support/test-app.js';

const HEADER = 'name,desc,img,min_order_quantity,available_quantity,price_per_piece';
const img = 'https://images.example.com/part.webp';
const row = (name: string, more = `Made for the import tests,${img},5,300,12`) => `${name},${more}`;

const upload = (
  caller: Caller,
  body: string | Buffer,
  options: { contentType?: string | null; url?: string } = {},
) => {
  const contentType = options.contentType === undefined ? 'text/csv' : options.contentType;
  return caller.post(
    options.url ?? '/api/parts/import',
    body,
    contentType === null ? {} : { 'content-type': contentType },
  );
};

async function counts(shop: TestShop) {
  const db = shop.database.db;
  const [parts, audit] = await Promise.all([
    db
      .selectFrom('parts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { parts: Number(parts.n), audit: Number(audit.n) };
}

/** The file is refused and nothing at all was written. */
async function expectRefused(shop: TestShop, admin: Caller, body: string | Buffer, status = 422) {
  const before = await counts(shop);
  const res = await upload(admin, body);
  expect(res.statusCode, res.body).toBe(status);
  expect(await counts(shop)).toEqual(before);
  return res.json().error;
}

describe('POST /api/parts/import', () => {
  test('adds every part of a good file in the order of its rows, each audited, in one answer', async ({
    shop,
    as,
    admin,
  }) => {
    const file =
      `\uFEFF${HEADER}\r\n` +
      `"Soldering Station, 80 W","Tip ""T12"" included\r\nsecond line of the description",${img},5,300,45\r\n` +
      `Flux Pen,"Rosin, no-clean",/api/images/${'a'.repeat(64)}.webp," 10 ",1000,3\r\n` +
      `'=SUM(A1),Exported by the shop itself,${img},1,0,2\r\n` +
      '\r\n';
    const before = await counts(shop);
    const res = await upload(as(admin), file);
    expect(res.statusCode, res.body).toBe(201);
    const { insertedIds, count } = res.json();
    expect(count).toBe(3);
    expect(insertedIds).toHaveLength(3);
    expect(await counts(shop)).toEqual({ parts: before.parts + 3, audit: before.audit + 3 });

    const parts = await Promise.all(
      insertedIds.map(async (id: string) => (await as(null).get(`/api/partsById?id=${id}`)).json()),
    );
    expect(parts).toEqual([
      {
        _id: insertedIds[0],
        name: 'Soldering Station, 80 W',
        desc: 'Tip "T12" included\r\nsecond line of the description',
        img,
        min_order_quantity: 5,
        available_quantity: 300,
        price_per_piece: 45,
        price_breaks: [],
        order_multiple: 1,
        incoming: [],
        backorderable: false,
        backordered: 0,
        attributes: {},
        lifecycle: 'active',
        documents: [],
        fitsTools: [],
      },
      expect.objectContaining({ name: 'Flux Pen', desc: 'Rosin, no-clean', min_order_quantity: 10 }),
      expect.objectContaining({ name: "'=SUM(A1)", available_quantity: 0 }),
    ]);
    // Catalog order is the order of the rows.
    const listed = (await as(null).get('/api/parts?limit=100')).json();
    const ids = listed.map((p: { _id: string }) => p._id).filter((id: string) => insertedIds.includes(id));
    expect(ids).toEqual(insertedIds);

    const audit = await shop.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_id', 'in', insertedIds)
      .execute();
    expect(audit).toHaveLength(3);
    for (const entry of audit) {
      expect(entry).toMatchObject({ action: 'part.created', actor_email: admin.email });
      expect(JSON.parse(entry.after ?? '{}').name).toBeTruthy();
    }
  });

  test('takes the columns in any order, names trimmed and in any case, with LF line ends', async ({
    as,
    admin,
  }) => {
    const file =
      ' PRICE_PER_PIECE ,Name,desc,IMG,available_quantity,min_order_quantity\n' +
      `7,Desoldering Pump,Aluminium body,${img},50,2\n`;
    const res = await upload(as(admin), file, { contentType: 'text/csv; charset=UTF-8' });
    expect(res.statusCode, res.body).toBe(201);
    const [id] = res.json().insertedIds;
    const part = (await as(null).get(`/api/partsById?id=${id}`)).json();
    expect(part).toMatchObject({ name: 'Desoldering Pump', price_per_piece: 7, min_order_quantity: 2 });
  });

  test('adds nothing when one row of many is broken, and says which line', async ({ shop, as, admin }) => {
    const rows = Array.from({ length: 8 }, (_, i) => row(`Good part ${i}`));
    rows.splice(4, 0, row('Short row', 'only,three cells'));
    const error = await expectRefused(shop, as(admin), `${HEADER}\n${rows.join('\n')}\n`);
    expect(error).toEqual({
      code: 'csv_rows_refused',
      message: '1 of 9 rows was refused; nothing was added',
      rows: [{ line: 6, field: null, message: 'has 3 cells where the header has 6' }],
      rowsTotal: 1,
    });
  });

  test('lists each refused row with the line it starts on, after quoted line breaks', async ({
    shop,
    as,
    admin,
  }) => {
    const file = [
      HEADER,
      row('Two-line description', `"first line\nsecond line",${img},5,300,12`), // lines 2–3
      row('Fine part'), // line 4
      row('"Bad price"', `"a description\r\nover\r\nthree lines",${img},5,300,0`), // lines 5–7
      row('', `desc,${img},0,300,12`), // line 8: two problems
      row('Min above stock', `desc,${img},50,10,12`), // line 9
    ].join('\r\n');
    const error = await expectRefused(shop, as(admin), file);
    expect(error.message).toBe('3 of 5 rows were refused; nothing was added');
    expect(error.rows).toEqual([
      { line: 5, field: 'price_per_piece', message: 'must be at least 1' },
      { line: 8, field: 'name', message: 'is required' },
      { line: 8, field: 'min_order_quantity', message: 'must be at least 1' },
      { line: 9, field: 'min_order_quantity', message: 'must not be above available_quantity' },
    ]);
    expect(error.rowsTotal).toBe(4);
  });

  test.for([
    ['"=HYPERLINK(""http://evil.example"",""Click"")"', 'name'],
    ['+1+1', 'name'],
    ['-2+3', 'name'],
    ['@SUM(1+1)', 'name'],
    ['"\tTabbed"', 'name'],
    ['"  =1+1"', 'name'],
  ] as const)(
    'refuses a text cell that starts like a formula: %s',
    async ([cell, field], { shop, as, admin }) => {
      const error = await expectRefused(shop, as(admin), `${HEADER}\n${row('Fine part')}\n${row(cell)}\n`);
      expect(error.code).toBe('csv_rows_refused');
      expect(error.rows).toEqual([{ line: 3, field, message: expect.stringMatching(/formula/) }]);
    },
  );

  test('refuses a formula in the description too, and bad numbers and pictures by the rules of POST /api/parts', async ({
    shop,
    as,
    admin,
  }) => {
    const error = await expectRefused(
      shop,
      as(admin),
      [
        HEADER,
        `Part A,=cmd|' /C calc'!A0,${img},5,300,12`,
        'Part B,desc,javascript:alert(1),5,300,12',
        `Part C,desc,${img},1.5,300,abc`,
        `Part D,desc,${img},5,-1,12`,
        `Part E,${'x'.repeat(2001)},${img},5,300,12`,
        `Part F,"bell\u0007",${img},5,300,12`,
      ].join('\n'),
    );
    expect(error.rows).toEqual([
      { line: 2, field: 'desc', message: expect.stringMatching(/formula/) },
      { line: 3, field: 'img', message: 'must be an http(s) address or a picture uploaded to /api/images' },
      { line: 4, field: 'min_order_quantity', message: 'must be a whole number' },
      { line: 4, field: 'price_per_piece', message: 'must be a whole number' },
      { line: 5, field: 'min_order_quantity', message: 'must not be above available_quantity' },
      { line: 5, field: 'available_quantity', message: 'must be at least 0' },
      { line: 6, field: 'desc', message: 'must be at most 2000 characters' },
      { line: 7, field: 'desc', message: 'must not contain control characters' },
    ]);
  });

  test.for([
    ['an unclosed quote', `${HEADER}\n${row('Fine')}\n${row('"Never closed')}\n${row('Lost')}\n`, 3],
    ['a stray quote', `${HEADER}\n${row('Fine')}\n${row('Five "inch" pliers')}\n`, 3],
    ['text after a closing quote', `${HEADER}\n${row('"Quoted"tail')}\n`, 2],
  ] as const)(
    'reports %s as a broken row with its line, not a 500',
    async ([_what, file, line], { shop, as, admin }) => {
      const error = await expectRefused(shop, as(admin), file);
      expect(error.code).toBe('csv_rows_refused');
      expect(error.message).toBe(`The file could not be read from line ${line} on; nothing was added`);
      expect(error.rows).toEqual([{ line, field: null, message: expect.any(String) }]);
    },
  );

  test('reports the lines holding bytes that are not UTF-8', async ({ shop, as, admin }) => {
    const file = Buffer.concat([
      Buffer.from(`${HEADER}\n${row('Fine')}\n`),
      Buffer.from([0x4e, 0xe9, 0x2c]), // "Né," in Latin-1
      Buffer.from(`desc,${img},5,300,12\n`),
    ]);
    const error = await expectRefused(shop, as(admin), file);
    expect(error.message).toMatch(/not UTF-8/);
    expect(error.rows).toEqual([{ line: 3, field: null, message: expect.stringMatching(/UTF-8/) }]);
  });

  test.for([
    ['a missing column', HEADER.replace(',price_per_piece', ''), /missing column "price_per_piece"/],
    ['an unknown column', `${HEADER},colour`, /unknown column "colour"/],
    ['a repeated column', `${HEADER},Name`, /repeated column "name"/],
    ['an empty column name', `${HEADER},`, /unknown column an empty one/],
    ['a header of parts', row('Not a header'), /unknown column "not a header"/],
  ] as const)(
    'refuses a header with %s, naming it',
    async ([_what, header, message], { shop, as, admin }) => {
      const error = await expectRefused(shop, as(admin), `${header}\n${row('Fine')}\n`);
      expect(error.code).toBe('csv_invalid');
      expect(error.message).toMatch(message);
    },
  );

  test.for([
    ['an empty file', ''],
    ['blank lines only', '\r\n\r\n'],
    ['a byte order mark only', '\uFEFF'],
    ['a header alone', `${HEADER}\r\n`],
  ] as const)('refuses %s with 422', async ([_what, file], { shop, as, admin }) => {
    expect((await expectRefused(shop, as(admin), file)).code).toBe('csv_invalid');
  });

  test('takes 1000 rows and refuses 1001, saying the limit', async ({ shop, as, admin }) => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => row(`Bulk part ${i}`)).join('\n');
    const error = await expectRefused(shop, as(admin), `${HEADER}\n${rows(1001)}`);
    expect(error).toEqual({
      code: 'csv_invalid',
      message: 'A file may hold at most 1000 parts; this one has 1001 rows',
    });
    const before = await counts(shop);
    const res = await upload(as(admin), `${HEADER}\n${rows(1000)}`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().count).toBe(1000);
    expect(await counts(shop)).toEqual({ parts: before.parts + 1000, audit: before.audit + 1000 });
  });

  test('refuses a file over 1 MiB with 413', async ({ shop, as, admin }) => {
    const big = `${HEADER}\n${row('Big', `${'x'.repeat(1024 * 1024)},${img},5,300,12`)}\n`;
    const error = await expectRefused(shop, as(admin), big, 413);
    expect(error.code).toBe('too_large');
  });

  test.for([
    ['application/json'],
    ['text/plain'],
    ['multipart/form-data; boundary=x'],
    ['text/csvx'],
    ['text/csv; charset=latin1'],
    ['text/csv; charset=utf-16'],
    [null],
  ])('refuses content-type %s with 415', async ([contentType], { shop, as, admin }) => {
    const before = await counts(shop);
    const body =
      contentType === 'application/json' ? JSON.stringify({ name: 'x' }) : `${HEADER}\n${row('x')}\n`;
    const res = await upload(as(admin), body, { contentType });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
    expect(await counts(shop)).toEqual(before);
  });

  test('refuses a request with no body with 415', async ({ as, admin }) => {
    const res = await as(admin).post('/api/parts/import');
    expect(res.statusCode).toBe(415);
  });

  test('leaves the JSON routes answering 415 to text/csv', async ({ as, admin }) => {
    const csv = `${HEADER}\n${row('x')}\n`;
    const edit = `/api/partsById?id=${crypto.randomUUID()}`;
    for (const url of ['/api/parts', '/api/auth/login', '/api/images', edit]) {
      const res = await as(admin).send(url === edit ? 'PUT' : 'POST', url, csv, {
        'content-type': 'text/csv',
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json().error.code).toBe('unsupported_media_type');
    }
  });

  test('is for admins only, whatever the body', async ({ as, buyer }) => {
    const csv = `${HEADER}\n${row('x')}\n`;
    expect((await upload(as(null), csv)).statusCode).toBe(401);
    expect((await upload(as(buyer), csv)).statusCode).toBe(403);
    expect((await upload(as(null), 'garbage', { contentType: 'application/xml' })).statusCode).toBe(401);
    const huge = Buffer.alloc(2 * 1024 * 1024, 0x61);
    expect((await upload(as(buyer), huge)).statusCode).toBe(403);
  });

  test('answers any file with 201 or a 4xx in the error shape, and writes nothing but a whole file', async ({
    shop,
    as,
    admin,
  }) => {
    const cell = fc.oneof(
      fc.constantFrom('"', '""', '"a,b"', '\r\n', '\n', '\r', '', ' ', '=1+1', '-', '@', '\uFEFF', '\u0000'),
      fc.constantFrom('0', '5', '300', '-1', '1e3', 'x'.repeat(130), img, 'javascript:x', 'Part'),
      fc.constantFrom('100:2;500:1', '6:1', '2:1;', ';', '1:1:1', 'a:b', ' 10 : 5 ', '10:5;8:4'),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    );
    const line = fc.array(cell, { maxLength: 8 }).map((cells) => cells.join(','));
    const file = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(HEADER, `${HEADER},price_breaks`),
          fc.array(line, { maxLength: 5 }),
          fc.constantFrom('\n', '\r\n', '\r'),
        )
        .map(([header, lines, end]) => [header, ...lines].join(end)),
      fc.array(line, { maxLength: 4 }).map((lines) => lines.join('\n')),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    );
    await fc.assert(
      fc.asyncProperty(file, async (body) => {
        const before = await counts(shop);
        const res = await upload(as(admin), body);
        const added = res.statusCode === 201 ? res.json().count : 0;
        expect(res.statusCode === 201 || (res.statusCode >= 400 && res.statusCode < 500), res.body).toBe(
          true,
        );
        if (res.statusCode !== 201) expect(res.json().error.code).toEqual(expect.any(String));
        expect(await counts(shop)).toEqual({ parts: before.parts + added, audit: before.audit + added });
      }),
      { numRuns: 80 },
    );
  });

  test('is described in the OpenAPI document', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const op = doc.paths['/api/parts/import'].post;
    expect(op.description).toContain('price_breaks');
    expect(Object.keys(op.requestBody.content)).toEqual(['text/csv']);
    expect(
      op.responses['422'].content['application/json'].schema.properties.error.properties.rows,
    ).toBeTruthy();
  });
});

describe('the optional price_breaks column', () => {
  const WITH_BREAKS = `${HEADER},price_breaks`;
  const partOf = async (visitor: Caller, id: string) => (await visitor.get(`/api/partsById?id=${id}`)).json();

  test('takes min_quantity:price_per_piece pairs separated by ;, and an empty cell as none', async ({
    shop,
    as,
    admin,
  }) => {
    const file = [
      // Columns in any order, the name in any case.
      `Price_Breaks,${HEADER}`,
      `100:10;500:8,Bulk resistor,Carbon film,${img},5,1000,12`,
      `,No breaks,Plain,${img},5,1000,12`,
      `" 10 : 11 ; 20:9 ;",Spaced pairs,Trimmed,${img},5,1000,12`,
    ].join('\n');
    const res = await upload(as(admin), file);
    expect(res.statusCode, res.body).toBe(201);
    const [bulk, plain, spaced] = await Promise.all(
      res.json().insertedIds.map((id: string) => partOf(as(null), id)),
    );
    expect(bulk.price_breaks).toEqual([
      { min_quantity: 100, price_per_piece: 10 },
      { min_quantity: 500, price_per_piece: 8 },
    ]);
    expect(plain.price_breaks).toEqual([]);
    expect(spaced.price_breaks).toEqual([
      { min_quantity: 10, price_per_piece: 11 },
      { min_quantity: 20, price_per_piece: 9 },
    ]);
    // The header without the column still works (the first test's file), and the audit keeps the breaks.
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('subject_id', '=', bulk._id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}').price_breaks).toEqual(bulk.price_breaks);
  });

  test('refuses each wrong tier with its own problem, naming the tier, by the rules of POST /api/parts', async ({
    shop,
    as,
    admin,
  }) => {
    const error = await expectRefused(
      shop,
      as(admin),
      [
        WITH_BREAKS,
        row('Below the minimum', `desc,${img},50,1000,12,50:10`), // line 2
        row('Not rising', `desc,${img},5,1000,12,100:10;100:9;90:8`), // line 3
        row('Not falling', `desc,${img},5,1000,12,100:12;200:10;300:11`), // line 4
        row('Out of range', `desc,${img},1,1000,12,1:5;10:0;2000000000:1`), // line 5
        row('Fine', `desc,${img},5,1000,12,100:11`), // line 6
      ].join('\n'),
    );
    expect(error.message).toBe('4 of 5 rows were refused; nothing was added');
    expect(error.rows).toEqual([
      {
        line: 2,
        field: 'price_breaks',
        message: 'tier 1 (50:10): min_quantity must be above min_order_quantity (50)',
      },
      {
        line: 3,
        field: 'price_breaks',
        message: "tier 2 (100:9): min_quantity must be above the previous break's min_quantity (100)",
      },
      {
        line: 3,
        field: 'price_breaks',
        message: "tier 3 (90:8): min_quantity must be above the previous break's min_quantity (100)",
      },
      {
        line: 4,
        field: 'price_breaks',
        message: 'tier 1 (100:12): price_per_piece must be below price_per_piece (12)',
      },
      {
        line: 4,
        field: 'price_breaks',
        message: "tier 3 (300:11): price_per_piece must be below the previous break's price_per_piece (10)",
      },
      { line: 5, field: 'price_breaks', message: 'tier 1 (1:5): min_quantity must be at least 2' },
      { line: 5, field: 'price_breaks', message: 'tier 2 (10:0): price_per_piece must be at least 1' },
      {
        line: 5,
        field: 'price_breaks',
        message: 'tier 3 (2000000000:1): min_quantity must be at most 1000000000',
      },
    ]);
  });

  test('refuses a malformed pair with a message of its own, each one named', async ({ shop, as, admin }) => {
    const error = await expectRefused(
      shop,
      as(admin),
      [
        WITH_BREAKS,
        row('Dash', `desc,${img},5,1000,12,100-10`), // line 2
        row('Mixed', `desc,${img},5,1000,12,100:10;abc;500:8;1:2:3;-5:1;10.5:2`), // line 3
        row('Also bad elsewhere', `desc,${img},5,1000,0,100:x`), // line 4
      ].join('\n'),
    );
    const malformed = (line: number, tier: string) => ({
      line,
      field: 'price_breaks',
      message: `${tier}: must be min_quantity:price_per_piece in whole numbers, pairs separated by ; (e.g. 100:12;500:10)`,
    });
    expect(error.rows).toEqual([
      malformed(2, 'tier 1 (100-10)'),
      malformed(3, 'tier 2 (abc)'),
      malformed(3, 'tier 4 (1:2:3)'),
      malformed(3, 'tier 5 (-5:1)'),
      malformed(3, 'tier 6 (10.5:2)'),
      { line: 4, field: 'price_per_piece', message: 'must be at least 1' },
      malformed(4, 'tier 1 (100:x)'),
    ]);
  });

  test('refuses more than 10 tiers, and a long tier is shortened in the message', async ({
    shop,
    as,
    admin,
  }) => {
    const eleven = Array.from({ length: 11 }, (_, i) => `${(i + 1) * 10}:${20 - i}`).join(';');
    const error = await expectRefused(
      shop,
      as(admin),
      [
        WITH_BREAKS,
        row('Eleven', `desc,${img},5,1000,21,${eleven}`),
        row('Long', `desc,${img},5,1000,21,${'9'.repeat(60)}`),
      ].join('\n'),
    );
    expect(error.rows).toEqual([
      { line: 2, field: 'price_breaks', message: 'must have at most 10 breaks' },
      {
        line: 3,
        field: 'price_breaks',
        message: `tier 1 (${'9'.repeat(40)}…): must be min_quantity:price_per_piece in whole numbers, pairs separated by ; (e.g. 100:12;500:10)`,
      },
    ]);
  });

  test('refuses a repeated price_breaks column, and names it in the header message', async ({
    shop,
    as,
    admin,
  }) => {
    const error = await expectRefused(shop, as(admin), `${WITH_BREAKS},price_breaks\n${row('Fine')},,\n`);
    expect(error.code).toBe('csv_invalid');
    expect(error.message).toMatch(/repeated column "price_breaks"/);
    expect(error.message).toMatch(/may name price_breaks/);
  });
});

describe("the parts' specification columns", () => {
  const SPEC_HEADER = `${HEADER},category,mpn,manufacturer,lifecycle,attributes,documents`;

  test('take a category by name, numbers as written, and documents', async ({ as, admin }) => {
    const made = await as(admin).post('/api/categories', {
      name: 'Heating elements',
      attributes: [
        { key: 'power', name: 'Power', type: 'number', unit: 'W' },
        { key: 'ceramic', name: 'Ceramic', type: 'boolean' },
      ],
    });
    expect(made.statusCode).toBe(201);
    const res = await upload(
      as(admin),
      `${SPEC_HEADER}\r\n${row('Heating element 80 W')},heating elements,HE-80,Voltcraft,nrnd,power=80W;ceramic=true,Datasheet|https://docs.example.com/he-80.pdf\r\n`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const part = (await as(null).get(`/api/partsById?id=${res.json().insertedIds[0]}`)).json();
    expect(part).toMatchObject({
      categoryId: made.json().insertedId,
      mpn: 'HE-80',
      manufacturer: 'Voltcraft',
      lifecycle: 'nrnd',
      attributes: { power: 80, ceramic: true },
      documents: [{ title: 'Datasheet', url: 'https://docs.example.com/he-80.pdf' }],
    });
  });

  test.for([
    ['nowhere,HE-1,,,,', 'category', 'no category is named nowhere'],
    [
      'heating elements,HE-1,,,colour=red,',
      'attributes',
      "attributes.colour: the part's category has no attribute colour",
    ],
    [
      'heating elements,HE-1,,,power,',
      'attributes',
      'must be key=value pairs separated by ; (resistance=10k;package=0603)',
    ],
    ['heating elements,HE-1,,someday,,', 'lifecycle', 'must be one of active, nrnd, obsolete'],
    ['heating elements,=HE-1,,,,', 'mpn', 'formula'],
  ] as const)('refuse %s naming the row and column', async ([cells, field, message], { as, admin }) => {
    const res = await upload(as(admin), `${SPEC_HEADER}\r\n${row('Heating element 90 W')},${cells}\r\n`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.rows).toEqual([{ line: 2, field, message: expect.stringContaining(message) }]);
  });
});

describe('the optional order_multiple column', () => {
  const WITH_MULTIPLE = `${HEADER},order_multiple`;
  const partOf = async (visitor: Caller, id: string) => (await visitor.get(`/api/partsById?id=${id}`)).json();

  test('takes a whole number, and an empty cell as 1 (sold by the piece)', async ({ as, admin }) => {
    const file = [
      WITH_MULTIPLE,
      `${row('Resistor reel 0603')},5000`,
      `${row('Loose resistor')},`,
      `${row('Pack of tips')}, 10 `,
    ].join('\r\n');
    const res = await upload(as(admin), file);
    expect(res.statusCode, res.body).toBe(201);
    const parts = await Promise.all(res.json().insertedIds.map((id: string) => partOf(as(null), id)));
    expect(parts.map((part) => part.order_multiple)).toEqual([5000, 1, 10]);
  });

  test.for([
    ['0', 'must be at least 1'],
    ['1000001', 'must be at most 1000000'],
    ['2.5', 'must be a whole number'],
    ['a reel', 'must be a whole number'],
  ] as const)(
    'refuses %s naming the row and the column, adding nothing',
    async ([cell, message], { shop, as, admin }) => {
      const error = await expectRefused(
        shop,
        as(admin),
        `${WITH_MULTIPLE}\r\n${row('Good part')},50\r\n${row('Bad part')},${cell}\r\n`,
      );
      expect(error.code).toBe('csv_rows_refused');
      expect(error.rows).toEqual([{ line: 3, field: 'order_multiple', message }]);
    },
  );
});

describe('the optional availability columns', () => {
  const WITH_AVAILABILITY = `${HEADER},backorderable,lead_time_days,incoming`;
  const partOf = async (visitor: Caller, id: string) => (await visitor.get(`/api/partsById?id=${id}`)).json();

  test('take backorderable, a lead time and incoming batches (kept by expected day); empty cells are none', async ({
    shop,
    as,
    admin,
  }) => {
    const file = [
      // Columns in any order, the names in any case.
      `Incoming,${HEADER},Lead_Time_Days,BACKORDERABLE`,
      `" 200@2026-04-15 ; 500@2026-03-01 ;",Capacitor reel,X7R,${img},5,300,12,21,TRUE`,
      `,Plain capacitor,X5R,${img},5,300,12,,`,
      `100@2026-05-01,Fuse,Slow blow,${img},5,300,12,0,false`,
    ].join('\r\n');
    const res = await upload(as(admin), file);
    expect(res.statusCode, res.body).toBe(201);
    const ids: string[] = res.json().insertedIds;
    const [reel, plain, fuse] = await Promise.all(ids.map((id) => partOf(as(null), id)));
    expect(reel).toMatchObject({
      backorderable: true,
      leadTimeDays: 21,
      incoming: [
        { quantity: 500, expectedAt: '2026-03-01' },
        { quantity: 200, expectedAt: '2026-04-15' },
      ],
    });
    expect(plain).toMatchObject({ backorderable: false, incoming: [] });
    expect(plain.leadTimeDays).toBeUndefined();
    expect(fuse).toMatchObject({ backorderable: false, leadTimeDays: 0, incoming: [{ quantity: 100 }] });
    const batches = await shop.database.db
      .selectFrom('part_incoming')
      .select(['batch_no', 'quantity', 'expected_at'])
      .where('part_id', '=', ids[0] as string)
      .orderBy('batch_no')
      .execute();
    expect(batches.map((b) => [Number(b.batch_no), Number(b.quantity), b.expected_at])).toEqual([
      [0, 500, '2026-03-01'],
      [1, 200, '2026-04-15'],
    ]);
    // The audit keeps what the file set.
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('subject_id', '=', ids[0] as string)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toMatchObject({ backorderable: true, leadTimeDays: 21 });
  });

  const batches21 = Array.from({ length: 21 }, (_, i) => `10@2026-03-${String(i + 1).padStart(2, '0')}`);
  test.for([
    ['yes,,', 'backorderable', 'must be true or false'],
    [',366,', 'lead_time_days', 'must be at most 365'],
    [',-1,', 'lead_time_days', 'must be at least 0'],
    [',2.5,', 'lead_time_days', 'must be a whole number'],
    [
      ',,500',
      'incoming',
      'batch 1 (500): must be quantity@YYYY-MM-DD, batches separated by ; (e.g. 500@2026-03-01;200@2026-04-15)',
    ],
    [',,10@2026-03-01;0@2026-03-02', 'incoming', 'batch 2 (0@2026-03-02): quantity must be at least 1'],
    [',,10@2026-13-01', 'incoming', 'batch 1 (10@2026-13-01): expectedAt must be a date (YYYY-MM-DD)'],
    [`,,${batches21.join(';')}`, 'incoming', 'must have at most 20 batches'],
  ] as const)(
    'refuses %s naming the row and the column, adding nothing',
    async ([cells, field, message], { shop, as, admin }) => {
      const error = await expectRefused(
        shop,
        as(admin),
        `${WITH_AVAILABILITY}\r\n${row('Good part')},true,3,5@2031-07-09\r\n${row('Bad part')},${cells}\r\n`,
      );
      expect(error.code).toBe('csv_rows_refused');
      expect(error.rows).toEqual([{ line: 3, field, message }]);
      expect(
        await shop.database.db
          .selectFrom('part_incoming')
          .select('part_id')
          .where('expected_at', '=', '2031-07-09')
          .execute(),
      ).toEqual([]);
    },
  );
});
