import { BOM_MAX_BYTES, BOM_MAX_ROWS, type BomResult } from '@shop/contract/bom';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { insertNumberedParts, postBomFile } from '../../test-support/bom.js';
import { test } from '../../test-support/fixture.js';

let tip: string;
let heater: string;
let oldNozzle: string;
let newNozzle: string;
let dieSmall: string;
let dieLarge: string;
let sponge: string;

test.beforeAll(async ({ shop }) => {
  [tip, heater, oldNozzle, newNozzle, dieSmall, dieLarge, sponge] = (await insertNumberedParts(
    shop.database.db,
    [
      {
        name: 'Soldering tip T-24C',
        mpn: 'T-24C',
        price_per_piece: 5,
        min_order_quantity: 10,
        available_quantity: 1000,
        price_breaks: JSON.stringify([
          { min_quantity: 100, price_per_piece: 4 },
          { min_quantity: 500, price_per_piece: 3 },
        ]),
      },
      {
        name: 'Heater element A1321',
        mpn: 'A1321',
        price_per_piece: 20,
        min_order_quantity: 1,
        available_quantity: 30,
      },
      { name: 'Hot air nozzle 4 mm', mpn: 'N-100', lifecycle: 'obsolete', min_order_quantity: 1 },
      { name: 'Hot air nozzle 4 mm, new', mpn: 'N-200', min_order_quantity: 1 },
      { name: 'Crimp die 0.5 mm', mpn: 'CD-0510', min_order_quantity: 1 },
      { name: 'Crimp die 1.0 mm', mpn: 'CD-0520', min_order_quantity: 1 },
      // Orders took its stock below its minimum.
      {
        name: 'Cleaning sponge',
        mpn: 'SP-1',
        min_order_quantity: 50,
        available_quantity: 40,
        price_per_piece: 1,
      },
    ],
  )) as [string, string, string, string, string, string, string];
  await shop.database.db
    .updateTable('parts')
    .set({ replacement_id: newNozzle })
    .where('id', '=', oldNozzle)
    .execute();
  // Two makers' parts under one number.
  await insertNumberedParts(shop.database.db, [
    { name: 'Fuse 2 A (maker one)', mpn: 'F-2A', min_order_quantity: 1 },
    { name: 'Fuse 2 A (maker two)', mpn: 'F2A', min_order_quantity: 1 },
  ]);
});

const csv = (...rows: string[]) => rows.join('\r\n');

describe('POST /api/bom with a CSV file', () => {
  test('finds the columns by their headings, matches every line and works out what to order', async ({
    as,
    buyer,
  }) => {
    const res = await postBomFile(
      as(buyer),
      {
        bytes: csv(
          'Designator,Manufacturer Part Number,Qty,Description',
          '"R1, R2",t24c,8,Tip',
          'H1,A1321,2,Heater',
          'X9,NO-SUCH-THING,1,Something nobody sells',
        ),
      },
      { boards: '10', attrition: '5' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const bom: BomResult = res.json();
    expect(bom.mapping).toEqual({
      partNumber: 'Manufacturer Part Number',
      quantity: 'Qty',
      reference: 'Designator',
      description: 'Description',
    });
    expect(bom).toMatchObject({ header: true, format: 'csv', encoding: 'utf-8', boards: 10, attrition: 5 });
    expect(bom.columns).toEqual(['Designator', 'Manufacturer Part Number', 'Qty', 'Description']);
    const [first, second, third] = bom.lines;
    // 8 × 10 × 1.05 = 84 → raised to the break at 100, which costs no more (84 × 5 = 420 > 400).
    expect(first).toEqual({
      row: 2,
      input: { partNumber: 't24c', quantity: 8, reference: 'R1, R2', description: 'Tip' },
      match: { partsId: tip, partsName: 'Soldering tip T-24C', by: 'mpn', exact: false },
      needed: 84,
      orderQuantity: 100,
      unitPrice: 4,
      price: 400,
      problems: [],
    });
    // 2 × 10 × 1.05 = 21 pieces: only 30 in stock, fine.
    expect(second).toMatchObject({
      row: 3,
      match: { partsId: heater, by: 'mpn', exact: true },
      needed: 21,
      orderQuantity: 21,
      price: 420,
      problems: [],
    });
    expect(third).toMatchObject({ row: 4, needed: 11, orderQuantity: 11, problems: ['not_found'] });
    expect(third?.match).toBeUndefined();
    expect(bom.total).toBe(820);
    expect(bom.unmatched).toBe(1);
  });

  test('names every problem a line can have', async ({ as, buyer }) => {
    const res = await postBomFile(as(buyer), {
      bytes: csv(
        'MPN,Qty,Description',
        'N-100,1,',
        'A1321,40,',
        'SP-1,5,',
        'F-2A,1,',
        'CD-05,1,',
        'ZZZ-404,1,',
        'T-24C,lots,',
        ',3,Heater element',
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = (res.json() as BomResult).lines;
    expect(lines.map((line) => [line.row, line.problems])).toEqual([
      [2, ['obsolete']],
      [3, ['not_enough_stock']],
      [4, ['above_available']],
      [5, ['ambiguous']],
      [6, ['ambiguous']],
      [7, ['not_found']],
      [8, ['invalid_quantity']],
      [9, ['ambiguous']],
    ]);
    expect(lines[0]?.replacement).toEqual({ partsId: newNozzle, partsName: 'Hot air nozzle 4 mm, new' });
    // SP-1: 5 needed of 40 in stock, but its minimum is 50.
    expect(lines[2]).toMatchObject({ needed: 5, orderQuantity: 50 });
    expect(lines[3]?.candidates?.map((part) => part.partsName).sort()).toEqual([
      'Fuse 2 A (maker one)',
      'Fuse 2 A (maker two)',
    ]);
    expect(lines[4]?.candidates).toEqual([
      { partsId: dieSmall, partsName: 'Crimp die 0.5 mm' },
      { partsId: dieLarge, partsName: 'Crimp die 1.0 mm' },
    ]);
    expect(lines[6]).toMatchObject({
      input: { quantity: 0 },
      needed: 0,
      orderQuantity: 0,
      match: { partsId: tip },
    });
    expect(lines[7]?.candidates).toEqual([{ partsId: heater, partsName: 'Heater element A1321' }]);
    expect(lines[7]?.match).toBeUndefined();
  });

  test('tells a stock below the need from a stock below the minimum', async ({ as, buyer }) => {
    const res = await postBomFile(as(buyer), { bytes: csv('MPN,Qty', 'SP-1,40', 'SP-1,41', 'T-24C,10') });
    const [covered, short, fine] = (res.json() as BomResult).lines;
    // 40 needed, all 40 in stock, but the minimum is 50.
    expect(covered).toMatchObject({ needed: 40, orderQuantity: 50, problems: ['above_available'] });
    expect(short).toMatchObject({ needed: 41, orderQuantity: 50, problems: ['not_enough_stock'] });
    expect(fine).toMatchObject({ needed: 10, orderQuantity: 10, problems: [] });
  });

  test('matches our part id, in any case', async ({ as, buyer }) => {
    const res = await postBomFile(as(buyer), {
      bytes: csv('Part Number,Quantity', `${sponge},20`, `${heater.toUpperCase()},1`),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BomResult).lines.map((line) => line.match)).toEqual([
      { partsId: sponge, partsName: 'Cleaning sponge', by: 'id', exact: true },
      { partsId: heater, partsName: 'Heater element A1321', by: 'id', exact: false },
    ]);
  });

  test('reads semicolons, Windows-1252 and UTF-16 and says which encoding it read', async ({ as, buyer }) => {
    const latin = Buffer.from('Référence;MPN;Qté;Menge\r\nR1;A1321;x;2\r\n', 'latin1');
    const res = await postBomFile(as(buyer), { bytes: latin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      encoding: 'windows-1252',
      columns: ['Référence', 'MPN', 'Qté', 'Menge'],
      mapping: { partNumber: 'MPN', quantity: 'Menge', reference: 'Référence' },
      lines: [{ input: { quantity: 2 }, match: { partsId: heater } }],
    });

    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('MPN\tQty\r\nA1321\t3\r\n', 'utf16le'),
    ]);
    const wide = await postBomFile(as(buyer), { bytes: utf16 });
    expect(wide.statusCode, wide.body).toBe(200);
    expect(wide.json()).toMatchObject({
      encoding: 'utf-16le',
      lines: [{ input: { quantity: 3 }, match: { partsId: heater } }],
    });

    const withMark = await postBomFile(as(buyer), { bytes: `\uFEFFMPN,Qty\r\nA1321,4\r\n` });
    expect(withMark.json()).toMatchObject({
      encoding: 'utf-8',
      columns: ['MPN', 'Qty'],
      lines: [{ input: { quantity: 4 } }],
    });
  });

  test('reads a file without a header: columns A, B, … chosen by what they hold', async ({ as, buyer }) => {
    const res = await postBomFile(as(buyer), { bytes: csv('5,A1321', '7,T-24C') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      header: false,
      columns: ['A', 'B'],
      mapping: { partNumber: 'B', quantity: 'A' },
      lines: [
        { row: 1, match: { partsId: heater } },
        { row: 2, match: { partsId: tip } },
      ],
    });
  });

  test('takes the mapping it is given, by heading or letter, and refuses a column that is not there', async ({
    as,
    buyer,
  }) => {
    const file = { bytes: csv('Our number,Maker number,Per board', 'X-1,A1321,2') };
    const mapped = await postBomFile(as(buyer), file, {
      mapping: JSON.stringify({ partNumber: 'Maker number', quantity: 'per board' }),
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({
      mapping: { partNumber: 'Maker number', quantity: 'Per board' },
      lines: [{ match: { partsId: heater }, needed: 2 }],
    });

    const missing = await postBomFile(as(buyer), file, {
      mapping: JSON.stringify({ partNumber: 'Maker number', quantity: 'Menge' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'validation',
      columns: ['Our number', 'Maker number', 'Per board'],
    });
    expect(missing.json().error.message).toContain('mapping.quantity names the column "Menge"');

    const unchosen = await postBomFile(as(buyer), { bytes: csv('MPN,How many', 'A1321,2') });
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json().error.message).toContain('No column');
    expect(unchosen.json().error.columns).toEqual(['MPN', 'How many']);

    const notJson = await postBomFile(as(buyer), file, { mapping: '{partNumber' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.message).toContain('mapping must be JSON');
  });
});

describe('POST /api/bom with an XLSX workbook', () => {
  test('reads the first sheet of a workbook a spreadsheet library made, numbers and formulas as saved', async ({
    as,
    buyer,
  }) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('BOM');
    sheet.addRow(['Ref', 'Mfr Part', 'Qty per board', 'Description']);
    sheet.addRow(['H1', 'A1321', 3, 'Heater']);
    sheet.addRow([
      'T1',
      'T 24 C',
      { formula: 'C2*2', result: 6 },
      { richText: [{ text: 'Tip ' }, { text: 'bold' }] },
    ]);
    sheet.addRow([]);
    sheet.addRow(['N1', 'N-100', 1]);
    workbook.addWorksheet('Notes').addRow(['ignored', 'ignored', 'ignored']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await postBomFile(
      as(buyer),
      {
        bytes,
        filename: 'bom.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      { boards: '2' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const bom: BomResult = res.json();
    expect(bom).toMatchObject({
      format: 'xlsx',
      mapping: {
        partNumber: 'Mfr Part',
        quantity: 'Qty per board',
        reference: 'Ref',
        description: 'Description',
      },
    });
    expect(bom.encoding).toBeUndefined();
    expect(
      bom.lines.map((line) => [line.row, line.input.quantity, line.match?.partsId, line.needed]),
    ).toEqual([
      [2, 3, heater, 6],
      [3, 6, tip, 12],
      [5, 1, oldNozzle, 2],
    ]);
    expect(bom.lines[1]?.input.description).toBe('Tip bold');
  });

  test('reads a workbook whose package holds its sheet before its workbook part', async ({ as, buyer }) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('BOM');
    sheet.addRow(['MPN', 'Qty']);
    sheet.addRow(['A1321', 4]);
    // The same parts, the workbook's relations, its strings and its sheet before the workbook part
    // itself (some writers order a package so).
    const packed = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    const names = Object.keys(packed.files).filter((name) => !packed.files[name]?.dir);
    const order = ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml'];
    const first = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
    const reordered = new JSZip();
    for (const name of [...names].sort((a, b) => first(a) - first(b)))
      reordered.file(name, await (packed.file(name) as JSZip.JSZipObject).async('uint8array'));
    const bytes = await reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const res = await postBomFile(as(buyer), { bytes, filename: 'reordered.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BomResult).lines.map((line) => [line.row, line.input.quantity])).toEqual([[2, 4]]);
  });

  test('refuses a workbook that unpacks to far more than any BOM (a ZIP bomb)', async ({ as, buyer }) => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('BOM').addRow(['MPN', 'Qty']);
    // A real workbook with one more part in its package: 33 MiB of zeros, packed to a few KiB.
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    zip.file('xl/media/filler.bin', new Uint8Array(33 * 1024 * 1024));
    const bytes = await zip.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 1 },
    });
    expect(bytes.length).toBeLessThan(BOM_MAX_BYTES);
    const res = await postBomFile(as(buyer), { bytes, filename: 'bomb.xlsx' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain('unpacks to more than');
  }, 60_000);

  test('refuses a sheet whose last cell lies at the end of the sheet, naming the row', async ({
    as,
    buyer,
  }) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('BOM');
    sheet.addRow(['MPN', 'Qty']);
    sheet.addRow(['A1321', 1]);
    sheet.getCell('XFD1048576').value = 'far away';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await postBomFile(as(buyer), { bytes, filename: 'far.xlsx' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain('Row 1048576 has 16,384 columns');
  });

  test('refuses a ZIP that is no workbook, and an old .xls', async ({ as, buyer }) => {
    const notXlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const res = await postBomFile(as(buyer), { bytes: notXlsx, filename: 'bom.xlsx' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain('not a readable XLSX workbook');
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    const old = await postBomFile(as(buyer), { bytes: xls, filename: 'bom.xls' });
    expect(old.statusCode).toBe(415);
    expect(old.json().error.message).toContain('.xls');
  });
});

describe('POST /api/bom with pasted rows', () => {
  test('reads tab-separated rows as pasted from a spreadsheet, header or not', async ({ as, buyer }) => {
    const res = await as(buyer).post('/api/bom', { text: 'A1321\t2\nT-24C\t20\n', boards: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      format: 'text',
      header: false,
      mapping: { partNumber: 'A', quantity: 'B' },
      lines: [
        { row: 1, needed: 6, match: { partsId: heater } },
        { row: 2, needed: 60, orderQuantity: 60, match: { partsId: tip } },
      ],
    });
    const headed = await as(buyer).post('/api/bom', {
      text: 'Qty;Part Number\n2;A1321',
      mapping: { partNumber: 'Part Number', quantity: 'Qty' },
    });
    expect(headed.statusCode, headed.body).toBe(200);
    expect(headed.json()).toMatchObject({ header: true, lines: [{ row: 2, match: { partsId: heater } }] });
  });

  test('refuses text that is missing or empty', async ({ as, buyer }) => {
    for (const body of [{}, { text: '   ' }, { text: 5 }]) {
      const res = await as(buyer).post('/api/bom', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain('text');
    }
  });
});

describe('POST /api/bom limits and refusals', () => {
  test(`takes ${BOM_MAX_ROWS} rows and refuses one more before any matching`, async ({ as, buyer }) => {
    const rows = (n: number) => ['MPN,Qty', ...Array.from({ length: n }, (_, i) => `P-${i},1`)].join('\n');
    const most = await postBomFile(as(buyer), { bytes: rows(BOM_MAX_ROWS) });
    expect(most.statusCode, most.body.slice(0, 200)).toBe(200);
    expect((most.json() as BomResult).lines).toHaveLength(BOM_MAX_ROWS);
    const over = await postBomFile(as(buyer), { bytes: rows(BOM_MAX_ROWS + 1) });
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatchObject({ code: 'too_large' });
    expect(over.json().error.message).toContain('at most 5,000 rows');
    // Pasted, too.
    const pasted = await as(buyer).post('/api/bom', { text: rows(BOM_MAX_ROWS + 1) });
    expect(pasted.statusCode).toBe(413);
  }, 60_000);

  test('refuses a file over 5 MiB as it arrives', async ({ as, buyer }) => {
    const big = Buffer.alloc(BOM_MAX_BYTES + 1, 'a');
    const res = await postBomFile(as(buyer), { bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'too_large' });
    expect(res.json().error.message).toContain('at most 5 MiB');
  });

  test('refuses a row of too many columns, binary garbage, an empty file, no file', async ({ as, buyer }) => {
    const wide = await postBomFile(as(buyer), {
      bytes: `MPN,Qty\n${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n`,
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error.message).toContain('Row 2 has 10,000 columns');

    const garbage = await postBomFile(as(buyer), {
      bytes: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    });
    expect(garbage.statusCode).toBe(415);
    expect(garbage.json().error.code).toBe('unsupported_media_type');

    const empty = await postBomFile(as(buyer), { bytes: '' });
    expect(empty.statusCode).toBe(400);

    const none = await postBomFile(as(buyer), undefined, { boards: '2' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toContain('file is required');

    const otherField = await postBomFile(as(buyer), { bytes: 'MPN,Qty\nA1321,1', field: 'upload' });
    expect(otherField.statusCode).toBe(400);

    const unclosed = await postBomFile(as(buyer), { bytes: 'MPN,Qty\n"A1321,1\n' });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().error.message).toContain('never closed');
  });

  test('refuses boards and attrition out of range, naming them', async ({ as, buyer }) => {
    const file = { bytes: 'MPN,Qty\nA1321,1' };
    for (const [fields, name] of [
      [{ boards: '0' }, 'boards'],
      [{ boards: '1000001' }, 'boards'],
      [{ boards: 'many' }, 'boards'],
      [{ boards: '1.5' }, 'boards'],
      [{ attrition: '101' }, 'attrition'],
      [{ attrition: '-1' }, 'attrition'],
      [{ attrition: '2.555' }, 'attrition'],
      [{ attrition: 'lots' }, 'attrition'],
    ] as const) {
      const res = await postBomFile(as(buyer), file, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.message).toMatch(new RegExp(`^${name} `));
    }
    for (const body of [
      { boards: true },
      { boards: 2_000_000 },
      { attrition: null },
      { mapping: { partNumber: 'MPN' } },
    ]) {
      const res = await as(buyer).post('/api/bom', { text: 'MPN,Qty\nA1321,1', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const ok = await postBomFile(as(buyer), file, { boards: '1000000', attrition: '2.5' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().lines[0].needed).toBe(1_025_000);
  });

  test('is for signed-in buyers: a visitor gets 401 and an admin 403, before the file is read', async ({
    as,
    admin,
  }) => {
    const file = { bytes: 'MPN,Qty\nA1321,1' };
    expect((await postBomFile(as(null), file)).statusCode).toBe(401);
    expect((await as(null).post('/api/bom', { text: 'A1321\t1' })).statusCode).toBe(401);
    const refused = await postBomFile(as(admin), file);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
  });

  test('takes JSON or a multipart form, nothing else', async ({ as, buyer }) => {
    const res = await as(buyer).post('/api/bom', 'MPN,Qty\nA1321,1', { 'content-type': 'text/csv' });
    expect(res.statusCode).toBe(415);
  });
});

describe("POST /api/bom with the buyer's own part numbers", () => {
  test("matches a line by the number the buyer keeps for a part, before the manufacturer's", async ({
    as,
    buyer,
  }) => {
    const kept = await as(buyer).put('/api/customer-part-numbers', {
      items: [{ partsId: heater, customerPartNumber: 'ACME-HEAT-7' }],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const res = await postBomFile(as(buyer), {
      bytes: csv('Part Number,Qty', 'acme heat 7,3', 'T-24C,10', 'ACME-HEAT-7,2'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [own, maker, written] = (res.json() as BomResult).lines;
    expect(written?.match).toMatchObject({ partsId: heater, by: 'customerPartNumber', exact: true });
    expect(own).toMatchObject({
      match: { partsId: heater, by: 'customerPartNumber', exact: false },
      orderQuantity: 3,
      problems: [],
    });
    expect(maker?.match).toMatchObject({ partsId: tip, by: 'mpn', exact: true });
  });

  test("another buyer's numbers name nothing", async ({ as, shop }) => {
    const other = await signUp(shop.app);
    const res = await postBomFile(as(other), { bytes: csv('Part Number,Qty', 'ACME-HEAT-7,3') });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BomResult).lines[0]).toMatchObject({ problems: ['not_found'] });
  });
});

describe('POST /api/bom with parts sold in multiples', () => {
  test("raises what a line needs to the part's order multiple (a reel)", async ({ as, buyer, shop }) => {
    const [reel] = await insertNumberedParts(shop.database.db, [
      {
        name: 'Cable tie 100 mm, reel of 5000',
        mpn: 'CT-100-REEL',
        price_per_piece: 1,
        min_order_quantity: 1,
        order_multiple: 5000,
        available_quantity: 50_000,
      },
    ]);
    const res = await postBomFile(as(buyer), { bytes: csv('MPN,Qty', 'CT-100-REEL,12') }, { boards: '500' });
    expect(res.statusCode, res.body).toBe(200);
    // 12 × 500 = 6,000 pieces: two reels.
    expect((res.json() as BomResult).lines[0]).toMatchObject({
      match: { partsId: reel },
      needed: 6000,
      orderQuantity: 10_000,
      problems: [],
    });
  });
});
