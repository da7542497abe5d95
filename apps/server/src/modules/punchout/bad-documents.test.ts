import { MAX_CXML_BYTES } from '@shop/contract/punchout';
import { describe, expect } from 'vitest';
import { readResponse } from '../../test-support/procurement-stand-in.js';
import { punchoutIdentity, punchoutTest as test, tokenOfRedirect } from '../../test-support/punchout.js';

/**
 * What a procurement system (or anyone) may send the punchout calls that the shop refuses, each
 * with the protocol's own 4xx: malformed or hostile XML, wrong secrets, used or expired sessions.
 */

const setupUrl = '/api/punchout/cxml/setup';

describe('cXML documents the shop refuses', () => {
  test('entity bombs, external entities, malformed, deep, huge or foreign documents → 400 or 413', async ({
    as,
    shop,
    people,
    procurement,
  }) => {
    const creds = await punchoutIdentity(as, people);
    const good = procurement.setupDocument(creds);
    const inDoctype = (subset: string, body: string) =>
      good
        .replace(/<!DOCTYPE cXML SYSTEM "[^"]*">/, `<!DOCTYPE cXML [${subset}]>`)
        .replace('<BuyerCookie>', `<BuyerCookie>${body}`);
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join(
      '',
    );
    const cases: [string, string][] = [
      ['an entity bomb', inDoctype(`<!ENTITY lol0 "lol">${lol}`, '&lol9;')],
      ['an external entity', inDoctype('<!ENTITY xxe SYSTEM "file:///etc/passwd">', '&xxe;')],
      ['an undeclared entity', good.replace('<BuyerCookie>', '<BuyerCookie>&nbsp;')],
      ['a broken tag', good.replace('</Header>', '</Heder>')],
      ['two roots', `${good}<cXML/>`],
      ['not XML at all', '{"cXML": true}'],
      ['another root', '<?xml version="1.0"?><Order/>'],
      ['no header', '<cXML payloadID="x" timestamp="t"><Request/></cXML>'],
      ['deep nesting', `${'<a>'.repeat(1000)}${'</a>'.repeat(1000)}`],
      ['an order where a setup is due', procurement.orderDocument(creds, [], { orderId: 'PO-1' })],
      ['no BrowserFormPost', good.replace(/<BrowserFormPost>.*<\/BrowserFormPost>/, '')],
      [
        'a javascript: return address',
        good.replace(/<URL>http[^<]*cxml-return<\/URL>/, '<URL>javascript:alert(1)</URL>'),
      ],
    ];
    for (const [what, payload] of cases) {
      const res = await shop.app.inject({
        method: 'POST',
        url: setupUrl,
        headers: { 'content-type': 'text/xml' },
        payload,
      });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toContain('text/xml');
      expect(readResponse(res.body), what).toMatchObject({ code: 400, text: 'Bad Request' });
      expect(res.body).not.toContain('root:');
    }
    const huge = good.replace('<BuyerCookie>', `<BuyerCookie>${'x'.repeat(MAX_CXML_BYTES)}`);
    const tooBig = await shop.app.inject({
      method: 'POST',
      url: setupUrl,
      headers: { 'content-type': 'text/xml' },
      payload: huge,
    });
    expect(tooBig.statusCode).toBe(413);
    const json = await shop.app.inject({ method: 'POST', url: setupUrl, payload: { cXML: {} } });
    expect(json.statusCode).toBe(400);
    // Still answers the good document afterwards.
    const ok = await shop.app.inject({
      method: 'POST',
      url: setupUrl,
      headers: { 'content-type': 'application/xml' },
      payload: good,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  test('a used, expired or orphaned session → 401', async ({ as, shop, people, shopUrl, procurement }) => {
    const creds = await punchoutIdentity(as, people);
    const db = shop.database.db;
    const start = async () =>
      new URL(await procurement.setup(shopUrl, creds, { userEmail: people.buyer.email })).pathname;

    // A StartPage opened after its minutes ran out.
    const late = await start();
    await db
      .updateTable('punchout_sessions')
      .set({ start_expires_at: '2000-01-01T00:00:00.000Z' })
      .where('token_hash', 'is', null)
      .execute();
    expect((await shop.app.inject({ method: 'GET', url: late })).statusCode).toBe(401);
    // A token nobody made.
    expect(
      (await shop.app.inject({ method: 'GET', url: '/api/punchout/start/not-a-token' })).statusCode,
    ).toBe(401);
    expect((await as({ accessToken: `po_${'A'.repeat(43)}` }).get('/api/parts')).statusCode).toBe(401);

    // A session past its hours.
    const token = tokenOfRedirect(await shop.app.inject({ method: 'GET', url: await start() }));
    expect((await as({ accessToken: token }).get('/api/punchout/session')).statusCode).toBe(200);
    await db
      .updateTable('punchout_sessions')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('ended_at', 'is', null)
      .execute();
    expect((await as({ accessToken: token }).get('/api/parts')).statusCode).toBe(401);

    // A session whose buyer left the company.
    const other = tokenOfRedirect(await shop.app.inject({ method: 'GET', url: await start() }));
    expect((await as({ accessToken: other }).get('/api/punchout/session')).statusCode).toBe(200);
    await db.deleteFrom('company_members').where('user_id', '=', people.buyer.uid).execute();
    try {
      expect((await as({ accessToken: other }).get('/api/punchout/session')).statusCode).toBe(401);
    } finally {
      await db
        .insertInto('company_members')
        .values({
          company_id: people.companyId,
          user_id: people.buyer.uid,
          role: 'buyer',
          spending_limit: null,
          joined_at: new Date().toISOString(),
        })
        .execute();
    }
  });

  test('a transfer checks its lines as an order would', async ({ as, shop, people, admin }) => {
    const creds = await punchoutIdentity(as, people);
    const link = `/api/punchout/oci?USERNAME=${creds.ociUsername}&PASSWORD=${creds.secret}&HOOK_URL=${encodeURIComponent('https://erp.example/hook')}`;
    const session = as({ accessToken: tokenOfRedirect(await shop.app.inject({ method: 'GET', url: link })) });
    const part = await as(admin).post('/api/parts', {
      name: 'Heating element 60 W',
      desc: 'For the transfer rules',
      img: 'https://example.com/p.webp',
      min_order_quantity: 5,
      available_quantity: 50,
      price_per_piece: 30,
      order_multiple: 5,
    });
    const partsId = part.json().insertedId;
    const unknown = '01900000-0000-7000-8000-000000000000';
    for (const [lines, status] of [
      [[], 400],
      [[{ partsId, quantity: 0 }], 400],
      [[{ partsId, quantity: 5, reference: 'x'.repeat(41) }], 400],
      [[{ partsId, quantity: 7 }], 422],
      [[{ partsId, quantity: 55 }], 422],
      [[{ partsId: unknown, quantity: 5 }], 404],
    ] as const) {
      const res = await session.post('/api/punchout/transfer', { lines });
      expect(res.statusCode, `${JSON.stringify(lines)}: ${res.body}`).toBe(status);
    }
    // None of those ended the session.
    expect(
      (await session.post('/api/punchout/transfer', { lines: [{ partsId, quantity: 10 }] })).statusCode,
    ).toBe(200);

    // OCI's own rules: a HOOK_URL the browser could not post to, missing fields.
    for (const query of [
      `USERNAME=${creds.ociUsername}&PASSWORD=${creds.secret}&HOOK_URL=javascript:alert(1)`,
      `USERNAME=${creds.ociUsername}&PASSWORD=${creds.secret}&HOOK_URL=${encodeURIComponent('https://user:pw@erp.example/')}`,
      `USERNAME=${creds.ociUsername}&PASSWORD=${creds.secret}`,
      `USERNAME=${creds.ociUsername}&HOOK_URL=https://erp.example/`,
    ]) {
      const res = await shop.app.inject({ method: 'GET', url: `/api/punchout/oci?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
