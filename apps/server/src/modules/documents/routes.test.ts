import { describe, expect } from 'vitest';
import { demoDocuments } from '../../db/seed/demo-datasheets.js';
import { test } from '../../test-support/fixture.js';

test.override('shopOptions', { demo: true });

describe('GET /documents/<file>.pdf', () => {
  test("serves each demo part's datasheet as a PDF, to anyone", async ({ as }) => {
    const found = (await as(null).get('/api/catalog/search?q=T-24C')).json();
    const [part] = found.parts as { mpn: string; documents: { title: string; url: string }[] }[];
    expect(part?.mpn).toBe('T-24C');
    expect(part?.documents.map((d) => d.title)).toEqual([
      'Datasheet: T-series soldering tips',
      'Soldering tip care guide',
    ]);
    for (const document of part?.documents ?? []) {
      expect(document.url).toMatch(/^\/documents\/[a-z0-9-]+\.pdf$/);
      const res = await as(null).get(document.url);
      expect(res.statusCode, document.url).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
  });

  test('serves every document the demo parts list (demo-documents/ is made by scripts/make-demo-documents.ts)', async ({
    as,
  }) => {
    const urls = new Set([...demoDocuments().values()].flat().map((document) => document.url));
    expect(urls.size).toBeGreaterThanOrEqual(9);
    for (const url of urls) {
      const res = await as(null).get(url);
      expect(res.statusCode, url).toBe(200);
      // The PDF's text is compressed; its info dictionary names the sheet.
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  test.for([
    '/documents/no-such-sheet.pdf',
    '/documents/..%2F..%2Fshop.db',
    '/documents/%2e%2e%2fshop.pdf',
    '/documents/T-SERIES-SOLDERING-TIPS.PDF',
    '/documents/.hidden.pdf',
    '/documents/sheet.pdf%00.txt',
  ])('answers 404 for %s, and never reads outside the folder', async (url, { as }) => {
    const res = await as(null).get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
