import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { describe, expect } from 'vitest';
import { mailTo } from '../../test-support/account-mails.js';
import { signUp, signUpAdmin, signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { mailTest } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';
import { mailShopAdmins } from '../mail/index.js';

/**
 * The quote's mails through the outbox and a real SMTP server: every admin hears of a request and
 * of an accept, the buyer of an offer and of an accept, each with a link to the quote's page on
 * the shop's configured address (PUBLIC_URL), whatever Host the requests named.
 */
const HOST = 'parts.example:8443';
const ORIGIN = 'https://shop.example';
const PAGE = '<!doctype html><title>Parts shop</title><div id="root"></div>';

const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');

/** The one link to a quote's page in the mail. */
function quoteLink(mail: ParsedMail): URL {
  const found = [...(mail.text ?? '').matchAll(/https?:\/\/\S+\/dashboard\/quotes\/\S+/g)];
  expect(found).toHaveLength(1);
  return new URL(found[0]?.[0] ?? '');
}

/** The shop serves a web app of one page; two admins, the buyer and another buyer, the part. */
const test = mailTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from its first argument's pattern
  .extend('webDist', { scope: 'file' }, ({}, { onCleanup }) => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'quote-mails-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), PAGE);
    onCleanup(() => fs.rmSync(webDist, { recursive: true, force: true }));
    return webDist;
  })
  .override('shopOptions', ({ webDist }) => ({
    demo: false,
    webDist,
    env: { MAIL_FROM: 'Shop <orders@parts-shop.example>', MAIL_RETRY_SECONDS: '1', PUBLIC_URL: ORIGIN },
  }))
  .extend(
    'admins',
    { scope: 'file' },
    async ({ shop }): Promise<TestAccount[]> => [
      await signUpAdmin(shop.app, shop.database.db),
      await signUpAdmin(shop.app, shop.database.db),
    ],
  )
  .override('buyer', ({ shop }) => signUpVerified(shop.app, shop.database.db, { name: 'Meghna Controls' }))
  .extend('otherBuyer', { scope: 'file' }, ({ shop }) =>
    signUpVerified(shop.app, shop.database.db, { name: 'Someone Else' }),
  )
  .extend('part', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, {
      name: 'Bench Power Supply',
      available_quantity: 1_000,
      min_order_quantity: 100,
    }),
  )
  /** The subjects of the mails to `email`, but the verification every sign-up sends. */
  .extend(
    'subjects',
    { scope: 'file' },
    ({ smtp }) =>
      (email: string) =>
        smtp.received
          .filter((m) => recipientOf(m) === email && !m.subject?.startsWith('Verify your email'))
          .map((m) => m.subject),
  )
  .extend('requestQuote', { scope: 'file' }, ({ as, buyer, part }) => async (quantity: number) => {
    const res = await as(buyer).post(
      '/api/quotes',
      { lines: [{ partsId: part, quantity }], message: 'Forty for a pilot line,\nby March?' },
      { host: HOST },
    );
    expect(res.statusCode).toBe(201);
    return res.json().insertedId as string;
  });

describe('mails of a quote', () => {
  let id = '';

  test('a request reaches every admin (not the buyer), with the quote, the message and a link to its page', async ({
    shop,
    as,
    smtp,
    admins,
    buyer,
    otherBuyer,
    subjects,
    requestQuote,
  }) => {
    id = await requestQuote(40);
    for (const admin of admins) {
      const mail = await mailTo(smtp, admin.email, 'Quote requested');
      expect(mail.subject).toBe('Quote requested by Meghna Controls: 40 pcs of Bench Power Supply');
      expect(mail.text).toContain(`Meghna Controls (${buyer.email}) asks for a price.`);
      expect(mail.text).toContain('1. Bench Power Supply: 40 pcs');
      expect(mail.text).toContain('  Forty for a pilot line,\n  by March?');
      expect(quoteLink(mail).href).toBe(`${ORIGIN}/dashboard/quotes/${id}`);
    }
    // The link opens the shop's page (the web app routes /dashboard/quotes/:id to the quote).
    const [first] = smtp.received.filter((m) => m.subject?.startsWith('Quote requested'));
    const link = quoteLink(first as ParsedMail);
    const page = await as(null).get(link.pathname, { host: link.host });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Parts shop</title>');
    const queued = await shop.database.db
      .selectFrom('mail_outbox')
      .select(['recipient'])
      .where('kind', '=', 'quote_requested')
      .where('subject_id', 'like', `${id}/%`)
      .orderBy('recipient')
      .execute();
    expect(queued).toEqual(
      admins.map((a) => ({ recipient: a.email })).sort((a, b) => a.recipient.localeCompare(b.recipient)),
    );
    expect(subjects(buyer.email)).toEqual([]);
    expect(subjects(otherBuyer.email)).toEqual([]);
  });

  test('the offer mail links to the quote page; an accept mails the buyer and every admin, naming the order', async ({
    as,
    smtp,
    admins,
    buyer,
    otherBuyer,
    part,
    subjects,
  }) => {
    const offered = await as(admins[0] as TestAccount).put(
      `/api/quotes/${id}`,
      { lines: [{ partsId: part, unitPrice: 9 }], validUntil: '2099-01-31T12:00:00.000Z' },
      { host: HOST },
    );
    expect(offered.statusCode).toBe(200);
    const offer = await mailTo(smtp, buyer.email, 'Your quote');
    expect(quoteLink(offer).href).toBe(`${ORIGIN}/dashboard/quotes/${id}`);

    const accepted = await as(buyer).post(
      `/api/quotes/${id}/accept`,
      { mobile: '+8801700000000', address: 'Plot 7, Chattogram' },
      { host: HOST },
    );
    expect(accepted.statusCode).toBe(201);
    const { orderId } = accepted.json() as { orderId: string };
    const number = (await as(buyer).get(`/api/purchaseById/${orderId}`)).json().number as string;

    const toBuyer = await mailTo(smtp, buyer.email, 'Quote accepted');
    expect(toBuyer.subject).toBe(`Quote accepted: order ${number}`);
    expect(toBuyer.text).toContain(`it is now your order ${number} of $360.`);
    expect(toBuyer.text).toContain(`${ORIGIN}/dashboard/payment/${orderId}`);
    expect(toBuyer.text).toContain('1. Bench Power Supply: 40 pcs × $9 = $360');
    expect(quoteLink(toBuyer).pathname).toBe(`/dashboard/quotes/${id}`);
    for (const admin of admins) {
      const mail = await mailTo(smtp, admin.email, 'Quote accepted');
      expect(mail.subject).toBe(`Quote accepted by Meghna Controls: order ${number}`);
      expect(mail.text).toContain(`accepted the shop's offer of $360; it is\nnow the order ${number}`);
      expect(quoteLink(mail).href).toBe(`${ORIGIN}/dashboard/quotes/${id}`);
    }
    // Each admin got the request and the accept, once each; the buyer the offer, the order and the accept.
    for (const admin of admins)
      expect(subjects(admin.email).sort()).toEqual(
        [
          `Quote accepted by Meghna Controls: order ${number}`,
          expect.stringMatching(/^Quote requested by/),
        ].sort(),
      );
    await mailTo(smtp, buyer.email, 'Order received');
    expect(subjects(buyer.email)).toHaveLength(3);
    expect(subjects(otherBuyer.email)).toEqual([]);
  });

  test('accepts at once mail the buyer and each admin once: only the accept that made the order', async ({
    shop,
    as,
    admins,
    buyer,
    part,
    requestQuote,
  }) => {
    const asked = await requestQuote(60);
    const offer = await as(admins[1] as TestAccount).put(
      `/api/quotes/${asked}`,
      { lines: [{ partsId: part, unitPrice: 8 }], validUntil: '2099-01-31T12:00:00.000Z' },
      { host: HOST },
    );
    expect(offer.statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        as(buyer).post(
          `/api/quotes/${asked}/accept`,
          { mobile: '+8801700000000', address: 'Plot 7, Chattogram' },
          { host: HOST },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const queued = await shop.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient'])
      .where((eb) => eb.or([eb('subject_id', '=', asked), eb('subject_id', 'like', `${asked}/%`)]))
      .where('kind', 'in', ['quote_accepted', 'quote_accepted_admin'])
      .orderBy('kind')
      .orderBy('recipient')
      .execute();
    expect(queued).toEqual([
      { kind: 'quote_accepted', recipient: buyer.email },
      ...admins
        .map((a) => ({ kind: 'quote_accepted_admin', recipient: a.email }))
        .sort((a, b) => a.recipient.localeCompare(b.recipient)),
    ]);
  });

  test('mails the admins of that moment, each once however often it is queued', async ({
    shop,
    admins,
    requestQuote,
  }) => {
    const db = shop.database.db;
    const later = await signUp(shop.app, { name: 'Admin Later', email: 'admin-later@parts-shop.example' });
    const asked = await requestQuote(50);
    // Promoted after the request: the request's mail is not theirs.
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', later.uid).execute();
    const recipients = () =>
      db
        .selectFrom('mail_outbox')
        .select('recipient')
        .where('kind', '=', 'quote_requested')
        .where('subject_id', 'like', `${asked}/%`)
        .execute();
    expect((await recipients()).map((r) => r.recipient).sort()).toEqual(admins.map((a) => a.email).sort());
    // Queued again (as by two servers at once): still one row for each admin, now three of them.
    const at = new Date().toISOString();
    const counts = await Promise.all(
      [1, 2, 3].map(() => mailShopAdmins(db, { kind: 'quote_requested', subjectId: `${asked}-again` }, at)),
    );
    expect(counts).toEqual([3, 3, 3]);
    const again = await db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('subject_id', 'like', `${asked}-again/%`)
      .execute();
    expect(again.map((r) => r.recipient).sort()).toEqual([...admins.map((a) => a.email), later.email].sort());
  });
});
