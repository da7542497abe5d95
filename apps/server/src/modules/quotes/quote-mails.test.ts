import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../test-support/account-mails.js';
import {
  bearer,
  signUp,
  signUpAdmin,
  signUpVerified,
  type TestAccount,
} from '../../test-support/accounts.js';
import { insertPart } from '../../test-support/parts.js';
import { startTestMailServer, type TestMailServer } from '../../test-support/smtp-server.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { mailShopAdmins } from '../mail/index.js';

/**
 * The quote's mails through the outbox and a real SMTP server: every admin hears of a request and
 * of an accept, the buyer of an offer and of an accept, each with a link to the quote's page on
 * the shop's configured address (PUBLIC_URL), whatever Host the requests named.
 */
let smtp: TestMailServer;
let shop: TestShop;
let webDist: string;
let admins: TestAccount[];
let buyer: TestAccount;
let otherBuyer: TestAccount;
let part: string;
const HOST = 'parts.example:8443';
const ORIGIN = 'https://shop.example';
const PAGE = '<!doctype html><title>Parts shop</title><div id="root"></div>';

beforeAll(async () => {
  smtp = await startTestMailServer();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'quote-mails-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), PAGE);
  shop = await createTestShop({
    demo: false,
    webDist,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Shop <orders@parts-shop.example>',
      MAIL_RETRY_SECONDS: '1',
      PUBLIC_URL: ORIGIN,
    },
  });
  admins = [await signUpAdmin(shop.app, shop.database.db), await signUpAdmin(shop.app, shop.database.db)];
  buyer = await signUpVerified(shop.app, shop.database.db, { name: 'Meghna Controls' });
  otherBuyer = await signUpVerified(shop.app, shop.database.db, { name: 'Someone Else' });
  part = await insertPart(shop.database.db, {
    name: 'Bench Power Supply',
    available_quantity: 1_000,
    min_order_quantity: 100,
  });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');
/** The subjects of the mails to `email`, but the verification every sign-up sends. */
const subjects = (email: string) =>
  smtp.received
    .filter((m) => recipientOf(m) === email && !m.subject?.startsWith('Verify your email'))
    .map((m) => m.subject);

/** The one link to a quote's page in the mail. */
function quoteLink(mail: ParsedMail): URL {
  const found = [...(mail.text ?? '').matchAll(/https?:\/\/\S+\/dashboard\/quotes\/\S+/g)];
  expect(found).toHaveLength(1);
  return new URL(found[0]?.[0] ?? '');
}

async function requestQuote(quantity: number) {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: { ...bearer(buyer), host: HOST },
    payload: { lines: [{ partsId: part, quantity }], message: 'Forty for a pilot line,\nby March?' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId as string;
}

describe('mails of a quote', () => {
  let id = '';

  it('a request reaches every admin (not the buyer), with the quote, the message and a link to its page', async () => {
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
    const page = await shop.app.inject({ method: 'GET', url: link.pathname, headers: { host: link.host } });
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

  it('the offer mail links to the quote page; an accept mails the buyer and every admin, naming the order', async () => {
    const offered = await shop.app.inject({
      method: 'PUT',
      url: `/api/quotes/${id}`,
      headers: { ...bearer(admins[0] as TestAccount), host: HOST },
      payload: { lines: [{ partsId: part, unitPrice: 9 }], validUntil: '2099-01-31T12:00:00.000Z' },
    });
    expect(offered.statusCode).toBe(200);
    const offer = await mailTo(smtp, buyer.email, 'Your quote');
    expect(quoteLink(offer).href).toBe(`${ORIGIN}/dashboard/quotes/${id}`);

    const accepted = await shop.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/accept`,
      headers: { ...bearer(buyer), host: HOST },
      payload: { mobile: '+8801700000000', address: 'Plot 7, Chattogram' },
    });
    expect(accepted.statusCode).toBe(201);
    const { orderId } = accepted.json() as { orderId: string };

    const toBuyer = await mailTo(smtp, buyer.email, 'Quote accepted');
    expect(toBuyer.subject).toBe(`Quote accepted: order ${orderId}`);
    expect(toBuyer.text).toContain(`it is now your order ${orderId} of $360.`);
    expect(toBuyer.text).toContain(`${ORIGIN}/dashboard/payment/${orderId}`);
    expect(toBuyer.text).toContain('1. Bench Power Supply: 40 pcs × $9 = $360');
    expect(quoteLink(toBuyer).pathname).toBe(`/dashboard/quotes/${id}`);
    for (const admin of admins) {
      const mail = await mailTo(smtp, admin.email, 'Quote accepted');
      expect(mail.subject).toBe(`Quote accepted by Meghna Controls: order ${orderId}`);
      expect(mail.text).toContain(`accepted the shop's offer of $360; it is\nnow the order ${orderId}`);
      expect(quoteLink(mail).href).toBe(`${ORIGIN}/dashboard/quotes/${id}`);
    }
    // Each admin got the request and the accept, once each; the buyer the offer, the order and the accept.
    for (const admin of admins)
      expect(subjects(admin.email).sort()).toEqual(
        [
          `Quote accepted by Meghna Controls: order ${orderId}`,
          expect.stringMatching(/^Quote requested by/),
        ].sort(),
      );
    await mailTo(smtp, buyer.email, 'Order received');
    expect(subjects(buyer.email)).toHaveLength(3);
    expect(subjects(otherBuyer.email)).toEqual([]);
  });

  it('accepts at once mail the buyer and each admin once: only the accept that made the order', async () => {
    const asked = await requestQuote(60);
    const offer = await shop.app.inject({
      method: 'PUT',
      url: `/api/quotes/${asked}`,
      headers: { ...bearer(admins[1] as TestAccount), host: HOST },
      payload: { lines: [{ partsId: part, unitPrice: 8 }], validUntil: '2099-01-31T12:00:00.000Z' },
    });
    expect(offer.statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        shop.app.inject({
          method: 'POST',
          url: `/api/quotes/${asked}/accept`,
          headers: { ...bearer(buyer), host: HOST },
          payload: { mobile: '+8801700000000', address: 'Plot 7, Chattogram' },
        }),
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

  it('mails the admins of that moment, each once however often it is queued', async () => {
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
