import pino from 'pino';
import { expect } from 'vitest';
import { linkTokens } from '../modules/accounts/index.js';
import { deriveKey, loadJwtSecret } from '../modules/auth/index.js';
import { mailOutbox } from '../modules/mail-content/index.js';
import type { Caller } from './fixture.js';
import type { TestMailServer } from './smtp-server.js';
import type { TestShop } from './test-app.js';

/** The order mails' tests (modules/mail/mail*.test.ts): their sender, part, orders and outbox. */
export const FROM = 'Parts Shop Orders <orders@parts-shop.example>';
const silent = pino({ level: 'silent' });

/** The part the order mails name. */
export const STATION = {
  name: 'Soldering Station 60 W',
  desc: 'Temperature controlled',
  img: 'https://example.com/station.webp',
  min_order_quantity: 10,
  available_quantity: 100_000,
  price_per_piece: 123,
};

/** A purchase by `buyer`'s Caller; answers the order's id. */
export async function purchase(buyer: Caller, partsId: string, quantity = 12) {
  const res = await buyer.post('/api/purchase', {
    partsId,
    quantity,
    mobile: '+880 1712 345678',
    address: 'House 12, Road 5, Dhaka',
  });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId as string;
}

/** The order mails in the outbox (every sign-up queues a verification mail too: accounts.test.ts). */
export const outboxRows = (shop: TestShop) =>
  shop.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('kind', 'in', ['order_placed', 'payment_receipt'])
    .orderBy('created_at')
    .execute();

/** The mails about orders the mail server has accepted (not the accounts' verification mails). */
export const orderMails = (smtp: TestMailServer) =>
  smtp.received.filter((mail) => !mail.subject?.startsWith('Verify your email'));

export async function orderMailsArrive(smtp: TestMailServer, count: number) {
  await until(
    async () => orderMails(smtp),
    (mails) => mails.length >= count,
  );
  const mails = orderMails(smtp);
  if (mails.length < count) throw new Error(`${mails.length} of ${count} order mails arrived`);
  return mails;
}

/** Another server's outbox on the same database, sending through `smtpUrl`, with the shop's secret. */
export const anotherOutbox = (shop: TestShop, smtpUrl: string) =>
  mailOutbox({
    db: shop.database.db,
    settings: { smtpUrl, from: FROM, retrySeconds: 1 },
    log: silent,
    publicUrl: shop.config.publicUrl,
    linkTokens: linkTokens(
      deriveKey(loadJwtSecret(shop.config.jwtSecret, shop.dataDir), 'account-links'),
      shop.config.publicUrl,
    ),
  });

/** Waits until the order's mail of this kind is in this state; answers its outbox row. */
export async function mailReaches(
  shop: TestShop,
  orderId: string,
  status: 'sent' | 'failed',
  kind: 'order_placed' | 'payment_receipt' = 'order_placed',
) {
  const find = (rows: Awaited<ReturnType<typeof outboxRows>>) =>
    rows.find((r) => r.subject_id === orderId && r.kind === kind);
  return find(
    await until(
      () => outboxRows(shop),
      (rows) => find(rows)?.status === status,
    ),
  );
}

/** Reads until `done` says so, or 15 s have gone; answers the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
