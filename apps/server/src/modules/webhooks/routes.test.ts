import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_WEBHOOKS } from '@shop/contract/webhooks';
import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { companyWithMembers, markVerified } from '../../test-support/companies.js';
import { test } from '../../test-support/fixture.js';
import { clientSecretFor, confirmCard, paidOrder } from '../../test-support/invoice-orders.js';
import { addedPart } from '../../test-support/parts.js';
import { offeredQuote } from '../../test-support/quotes.js';

/** Webhooks delivered to a real receiver on this machine (the operator allows http and private addresses). */
test.override('shopOptions', {
  demo: false,
  env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' },
});

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that notes each POST and answers the next status of `answers` (200 once they run out). */
async function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from its first argument's pattern
const test2 = test.extend('receiver', { scope: 'file' }, async ({}, { onCleanup }) => {
  const made = await receiver();
  onCleanup(() => made.close());
  return made;
});

function verified(secret: string, got: Received): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(got.headers['x-shop-signature'])) ?? [];
  const mac = createHmac('sha256', secret).update(`${t}.${got.body}`).digest('hex');
  return mac === v1 && Math.abs(Number(t) - Date.now() / 1000) < 60;
}

describe('webhooks', () => {
  test2(
    'an order placed, paid and shipped is told to its buyer, signed; not to anyone else',
    async ({ shop, as, admin, receiver }) => {
      const buyer = await signUp(shop.app);
      const other = await signUp(shop.app);
      const events = ['order.created', 'order.paid', 'order.shipped'];
      const made = await as(buyer).post('/api/webhooks', { url: receiver.url('/mine'), events });
      expect(made.statusCode, made.body).toBe(201);
      const { _id, secret } = made.json();
      expect(secret).toMatch(/^whsec_/);
      await as(other).post('/api/webhooks', { url: receiver.url('/theirs'), events });
      const listed = (await as(buyer).get('/api/webhooks')).json();
      expect(listed).toEqual([{ _id, url: receiver.url('/mine'), events, createdAt: expect.any(String) }]);
      expect(JSON.stringify(listed)).not.toContain(secret);

      const { orderId } = await paidOrder(shop.app, { admin, buyer });
      const shipped = await as(admin).put(`/api/purchaseById/${orderId}/fulfilment`, {
        status: 'shipped',
        carrier: 'DHL Express',
        trackingNumber: 'JD0146',
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      await shop.app.webhooks.deliverDue();

      const mine = receiver.received.filter((r) => r.path === '/mine');
      expect(receiver.received.filter((r) => r.path === '/theirs')).toEqual([]);
      expect(mine.map((r) => JSON.parse(r.body).type).sort()).toEqual([...events].sort());
      for (const got of mine) {
        expect(verified(secret, got)).toBe(true);
        const body = JSON.parse(got.body);
        expect(body).toEqual({
          id: expect.any(String),
          type: expect.any(String),
          createdAt: expect.any(String),
          data: expect.objectContaining({ orderId }),
        });
      }
      const deliveries = (await as(buyer).get(`/api/webhooks/${_id}/deliveries`)).json();
      expect(deliveries.items).toHaveLength(3);
      for (const d of deliveries.items) {
        expect(d.status).toBe('delivered');
        expect(d.attempts).toEqual([{ at: expect.any(String), status: 200 }]);
      }
    },
  );

  test2(
    'an order shipped in parts tells each shipment, and the waiting pieces when they arrive',
    async ({ shop, as, admin, receiver }) => {
      const buyer = await signUp(shop.app);
      await markVerified(shop.database.db, buyer);
      const events = ['order.shipped', 'backorder.ready'];
      await as(buyer).post('/api/webhooks', { url: receiver.url('/parts'), events });
      const partId = await addedPart(as(admin), { name: 'Webhook part', price: 1, available: 2, min: 1 });
      await as(admin).put(`/api/parts/${partId}/incoming`, { batches: [], backorderable: true });
      const orderId = (
        await as(buyer).post('/api/orders', {
          lines: [{ partsId: partId, quantity: 5 }],
          mobile: '+880 1819 000111',
          address: 'Plot 7, CEPZ, Chattogram',
        })
      ).json().insertedId as string;
      await confirmCard(shop.app, buyer, await clientSecretFor(shop.app, buyer, orderId));
      const ship = (quantity: number) =>
        as(admin).post(`/api/purchaseById/${orderId}/shipments`, {
          lines: [{ partsId: partId, quantity }],
          carrier: 'DHL Express',
          trackingNumber: `JD${quantity}`,
        });
      expect((await ship(2)).statusCode).toBe(201);
      expect((await as(admin).post(`/api/parts/${partId}/receive`, { quantity: 3 })).statusCode).toBe(200);
      expect((await ship(3)).statusCode).toBe(201);
      await shop.app.webhooks.deliverDue();
      const told = receiver.received
        .filter((r) => r.path === '/parts')
        .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
      expect(told.map((event) => [event.type, event.data.status ?? null]).sort()).toEqual(
        [
          ['order.shipped', 'partially_shipped'],
          ['backorder.ready', null],
          ['order.shipped', 'shipped'],
        ].sort(),
      );
    },
  );

  test2(
    "a company's order waiting for approval, a quote offered and an order delivered are told to whom they concern",
    async ({ shop, as, admin, receiver }) => {
      const [companyAdmin, member, asker] = await Promise.all([
        signUp(shop.app),
        signUp(shop.app),
        signUp(shop.app),
      ]);
      // The member's every order waits for approval (a limit of 0).
      await companyWithMembers(shop.database.db, [
        { uid: companyAdmin.uid, role: 'admin' },
        { uid: member.uid, role: 'buyer', spendingLimit: 0 },
      ]);
      const hook = async (who: typeof member, path: string, events: string[]) =>
        expect((await as(who).post('/api/webhooks', { url: receiver.url(path), events })).statusCode).toBe(
          201,
        );
      await hook(companyAdmin, '/company-admin', ['order.approval_pending', 'order.delivered']);
      await hook(member, '/member', ['order.approval_pending', 'quote.offered']);
      await hook(asker, '/asker', ['quote.offered', 'order.delivered']);
      const partId = await addedPart(as(admin), {
        name: 'Webhook approvals part',
        price: 3,
        available: 100,
        min: 1,
      });

      const waiting = await as(member).post('/api/orders', {
        lines: [{ partsId: partId, quantity: 2 }],
        mobile: '+880 1819 000111',
        address: 'Plot 7, CEPZ, Chattogram',
      });
      expect(waiting.statusCode, waiting.body).toBe(201);
      const quoteId = await offeredQuote(
        { buyer: as(asker), admin: as(admin) },
        { partsId: partId, quantity: 40, unitPrice: 2 },
      );
      const { orderId } = await paidOrder(shop.app, { admin, buyer: asker });
      for (const status of ['shipped', 'delivered'])
        expect(
          (
            await as(admin).put(`/api/purchaseById/${orderId}/fulfilment`, {
              status,
              carrier: 'DHL Express',
              trackingNumber: 'JD0147',
            })
          ).statusCode,
        ).toBe(200);
      await shop.app.webhooks.deliverDue();

      const heard = (path: string) =>
        receiver.received
          .filter((r) => r.path === path)
          .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
          .map((event) => [event.type, event.data.orderId ?? event.data.quoteId]);
      const waitingId = waiting.json().insertedId;
      expect(heard('/company-admin')).toEqual([['order.approval_pending', waitingId]]);
      expect(heard('/member')).toEqual([['order.approval_pending', waitingId]]);
      expect(heard('/asker').sort()).toEqual(
        [
          ['quote.offered', quoteId],
          ['order.delivered', orderId],
        ].sort(),
      );
    },
  );

  test2(
    'a 500 is retried within two minutes, every attempt is listed, and it can be sent again',
    async ({ shop, as, admin, receiver }) => {
      const buyer = await signUp(shop.app);
      const { _id } = (
        await as(buyer).post('/api/webhooks', { url: receiver.url('/retry'), events: ['order.created'] })
      ).json();
      receiver.answers.push(500);
      await paidOrder(shop.app, { admin, buyer });
      await shop.app.webhooks.deliverDue();
      const first = (await as(buyer).get(`/api/webhooks/${_id}/deliveries`)).json().items[0];
      expect(first.status).toBe('pending');
      expect(first.attempts).toEqual([{ at: expect.any(String), status: 500, error: 'answered 500' }]);
      const wait = Date.parse(first.nextAttemptAt) - Date.parse(first.attempts[0].at);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(120_000);

      // The wait passes.
      await shop.database.db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', first._id)
        .execute();
      await shop.app.webhooks.deliverDue();
      const second = (await as(buyer).get(`/api/webhooks/${_id}/deliveries`)).json().items[0];
      expect(second.status).toBe('delivered');
      expect(second.attempts.map((a: { status: number }) => a.status)).toEqual([500, 200]);

      const again = await as(buyer).post(`/api/webhooks/${_id}/deliveries/${first._id}/send-again`);
      expect(again.statusCode, again.body).toBe(202);
      await shop.app.webhooks.deliverDue();
      const third = (await as(buyer).get(`/api/webhooks/${_id}/deliveries`)).json().items[0];
      expect(third.attempts.map((a: { status: number }) => a.status)).toEqual([500, 200, 200]);
      const bodies = receiver.received.filter((r) => r.path === '/retry').map((r) => r.body);
      expect(new Set(bodies).size).toBe(1);
    },
  );

  test2(
    'only the owner sees, pages or deletes a webhook; inputs and the cap are checked',
    async ({ shop, as, receiver }) => {
      const owner = await signUp(shop.app);
      const stranger = await signUp(shop.app);
      const url = receiver.url('/x');
      const { _id } = (await as(owner).post('/api/webhooks', { url, events: ['quote.offered'] })).json();
      expect((await as(stranger).get(`/api/webhooks/${_id}/deliveries`)).statusCode).toBe(404);
      expect((await as(stranger).delete(`/api/webhooks/${_id}`)).statusCode).toBe(404);
      expect((await as(owner).get(`/api/webhooks/${_id}/deliveries?limit=51`)).statusCode).toBe(400);
      expect((await as(null).get('/api/webhooks')).statusCode).toBe(401);
      for (const body of [
        { url, events: ['order.nothing'] },
        { url, events: [] },
        { url: 'http://user:pw@127.0.0.1/x', events: ['order.paid'] },
        { url: 'ftp://127.0.0.1/x', events: ['order.paid'] },
        { url, events: ['order.paid'], extra: 1 },
      ]) {
        const res = await as(owner).post('/api/webhooks', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.code).toBe('validation');
      }
      for (let i = 1; i < MAX_WEBHOOKS; i++)
        expect((await as(owner).post('/api/webhooks', { url, events: ['order.paid'] })).statusCode).toBe(201);
      const over = await as(owner).post('/api/webhooks', { url, events: ['order.paid'] });
      expect(over.statusCode).toBe(422);
      expect(over.json().error.code).toBe('too_many_webhooks');
      expect((await as(owner).delete(`/api/webhooks/${_id}`)).statusCode).toBe(200);
      expect((await as(owner).get(`/api/webhooks/${_id}/deliveries`)).statusCode).toBe(404);
      expect((await as(owner).get('/api/webhooks')).json()).toHaveLength(MAX_WEBHOOKS - 1);
    },
  );
});
