import {
  NOT_ALLOCATED_MESSAGE,
  NOTHING_WAITING_MESSAGE,
  SHIP_COMPLETE_MESSAGE,
} from '@shop/contract/availability';
import { type Order, OUT_OF_RANGE_MESSAGE } from '@shop/contract/orders';
import { describe, expect } from 'vitest';
import { signUp, signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { type As, test } from '../../test-support/fixture.js';
import { clientSecretFor, confirmCard } from '../../test-support/invoice-orders.js';
import { addedPart } from '../../test-support/parts.js';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';
import { conservedPieces } from '../../test-support/pieces.js';

/*
 * Availability a buyer can plan with: incoming batches and backorders, receipts that serve the
 * waiting orders first, shipments in parts, and waiting pieces dropped.
 */

const DELIVERY = { mobile: '+880 1819 000111', address: 'Plot 7, CEPZ, Chattogram' };
const SHIP = { carrier: 'DHL Express', trackingNumber: 'JD014600006281430613' };

const withVerified = test.extend('planner', { scope: 'file' }, ({ shop }) =>
  signUpVerified(shop.app, shop.database.db, { name: 'Production Planner' }),
);

describe('a backorderable part', () => {
  withVerified(
    'takes an order above its stock: what is there now, the rest by its incoming batches; then ships in two',
    async ({ as, admin, planner, shop }) => {
      const partId = await addedPart(as(admin), {
        name: 'Heating element',
        price: 2,
        available: 600,
        min: 1,
      });
      const incoming = await as(admin).put(`/api/parts/${partId}/incoming`, {
        batches: [
          { quantity: 1000, expectedAt: '2027-01-12' },
          { quantity: 1000, expectedAt: '2027-01-05' },
        ],
        leadTimeDays: 30,
        backorderable: true,
      });
      expect(incoming.statusCode, incoming.body).toBe(200);
      expect(incoming.json()).toMatchObject({
        backorderable: true,
        leadTimeDays: 30,
        incoming: [
          { quantity: 1000, expectedAt: '2027-01-05' },
          { quantity: 1000, expectedAt: '2027-01-12' },
        ],
        backordered: 0,
      });

      const placed = await as(planner).post('/api/orders', {
        lines: [{ partsId: partId, quantity: 2000 }],
        ...DELIVERY,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId = placed.json().insertedId;
      const read = async () => (await as(planner).get(`/api/purchaseById/${orderId}`)).json() as Order;
      expect((await read()).lines[0]).toMatchObject({
        quantity: 2000,
        allocated: 600,
        backordered: 1400,
        shipped: 0,
        expectedAt: '2027-01-12',
      });
      expect((await as(null).get(`/api/partsById?id=${partId}`)).json()).toMatchObject({
        available_quantity: 0,
        backordered: 1400,
      });

      // Paid in full at checkout, as any card order.
      const paid = await confirmCard(shop.app, planner, await clientSecretFor(shop.app, planner, orderId));
      expect(paid.statusCode, paid.body).toBe(200);

      // The first shipment: only what is allocated.
      const tooMany = await as(admin).post(`/api/purchaseById/${orderId}/shipments`, {
        lines: [{ partsId: partId, quantity: 601 }],
        ...SHIP,
      });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().error.message).toBe(NOT_ALLOCATED_MESSAGE);
      const first = await as(admin).post(`/api/purchaseById/${orderId}/shipments`, {
        lines: [{ partsId: partId, quantity: 600 }],
        ...SHIP,
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ lines: [{ partsId: partId, quantity: 600 }], status: 'shipped' });
      expect((await read()).fulfilment.status).toBe('partially_shipped');
      // The whole-order ship of part two is for orders with nothing waiting.
      expect(
        (await as(admin).put(`/api/purchaseById/${orderId}/fulfilment`, { status: 'shipped', ...SHIP }))
          .statusCode,
      ).toBe(409);

      // The rest arrives: it goes to the waiting order, not to stock.
      const received = await as(admin).post(`/api/parts/${partId}/receive`, { quantity: 1500 });
      expect(received.statusCode, received.body).toBe(200);
      expect(received.json()).toEqual({ available_quantity: 100, allocated: [{ orderId, quantity: 1400 }] });
      expect((await read()).lines[0]).toMatchObject({ allocated: 1400, backordered: 0, shipped: 600 });
      expect((await read()).lines[0]?.expectedAt).toBeUndefined();
      // The batches shrank by what arrived, earliest first.
      expect((await as(null).get(`/api/partsById?id=${partId}`)).json().incoming).toEqual([
        { quantity: 500, expectedAt: '2027-01-12' },
      ]);

      const second = await as(admin).post(`/api/purchaseById/${orderId}/shipments`, {
        lines: [{ partsId: partId, quantity: 1400 }],
        carrier: 'FedEx',
        trackingNumber: '7712 3456 7890',
      });
      expect(second.statusCode, second.body).toBe(201);
      const shipped = await read();
      expect(shipped.fulfilment.status).toBe('shipped');
      expect(shipped.fulfilment.shipments).toHaveLength(2);
      // Each shipment has its own packing slip: its pieces, its carrier.
      const slip = await as(planner).get(
        `/api/purchaseById/${orderId}/packing-slip?shipment=${second.json()._id}`,
      );
      expect(slip.statusCode).toBe(200);
      const text = squeezed(await pdfText(slip.rawPayload));
      expect(text).toContain('1,400pcs');
      expect(text).toContain('FedEx');
      expect(text).not.toContain('2,000pcs');
      for (const shipment of shipped.fulfilment.shipments) {
        const delivered = await as(admin).put(`/api/purchaseById/${orderId}/shipments/${shipment._id}`, {
          status: 'delivered',
        });
        expect(delivered.statusCode, delivered.body).toBe(200);
      }
      expect((await read()).fulfilment.status).toBe('delivered');
    },
  );

  withVerified(
    'ships complete when asked: one shipment of every piece, once none waits',
    async ({ as, admin, planner, shop }) => {
      const partId = await addedPart(as(admin), { name: 'Thermal fuse', price: 1, available: 10, min: 1 });
      await as(admin).put(`/api/parts/${partId}/incoming`, { batches: [], backorderable: true });
      const orderId = (
        await as(planner).post('/api/orders', {
          lines: [{ partsId: partId, quantity: 30 }],
          shipComplete: true,
          ...DELIVERY,
        })
      ).json().insertedId;
      await confirmCard(shop.app, planner, await clientSecretFor(shop.app, planner, orderId));
      const partial = await as(admin).post(`/api/purchaseById/${orderId}/shipments`, {
        lines: [{ partsId: partId, quantity: 10 }],
        ...SHIP,
      });
      expect(partial.statusCode).toBe(409);
      expect(partial.json().error.message).toBe(SHIP_COMPLETE_MESSAGE);
      await as(admin).post(`/api/parts/${partId}/receive`, { quantity: 20 });
      const whole = await as(admin).post(`/api/purchaseById/${orderId}/shipments`, {
        lines: [{ partsId: partId, quantity: 30 }],
        ...SHIP,
      });
      expect(whole.statusCode, whole.body).toBe(201);
    },
  );

  test('keeps SPEC.md’s range rule for a part that may not be backordered', async ({ as, admin, buyer }) => {
    const partId = await addedPart(as(admin), { name: 'Stock only', available: 50, min: 1 });
    const res = await as(buyer).post('/api/orders', {
      lines: [{ partsId: partId, quantity: 51 }],
      ...DELIVERY,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(OUT_OF_RANGE_MESSAGE);
  });

  test('refuses what breaks the rules of incoming stock, and callers who are not admins', async ({
    as,
    admin,
    buyer,
  }) => {
    const partId = await addedPart(as(admin), { name: 'Ruled', available: 5, min: 1 });
    const url = `/api/parts/${partId}/incoming`;
    for (const body of [
      { batches: [{ quantity: 0, expectedAt: '2027-01-01' }] },
      { batches: [{ quantity: 5, expectedAt: '12/01/2027' }] },
      { batches: Array.from({ length: 21 }, () => ({ quantity: 1, expectedAt: '2027-01-01' })) },
      { batches: [], leadTimeDays: 366 },
      { batches: [], backorderable: 'yes' },
      {},
    ])
      expect((await as(admin).put(url, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await as(buyer).put(url, { batches: [] })).statusCode).toBe(403);
    expect((await as(null).put(url, { batches: [] })).statusCode).toBe(401);
    expect((await as(buyer).post(`/api/parts/${partId}/receive`, { quantity: 5 })).statusCode).toBe(403);
    expect((await as(admin).post(`/api/parts/${partId}/receive`, { quantity: -5 })).statusCode).toBe(400);
    const unknown = '01a2b3c4-0000-7000-8000-000000000000';
    expect((await as(admin).post(`/api/parts/${unknown}/receive`, { quantity: 5 })).statusCode).toBe(404);
    expect((await as(admin).put(`/api/parts/${unknown}/incoming`, { batches: [] })).statusCode).toBe(404);
  });
});

describe('dropping waiting pieces', () => {
  /** A backorderable part with `stock` pieces, and an order of `quantity` by `buyer`. */
  async function waitingOrder(
    as: As,
    admin: TestAccount,
    buyer: TestAccount,
    stock: number,
    quantity: number,
  ) {
    const partId = await addedPart(as(admin), { name: 'Waiting part', price: 3, available: stock, min: 1 });
    await as(admin).put(`/api/parts/${partId}/incoming`, { batches: [], backorderable: true });
    const res = await as(buyer).post('/api/orders', { lines: [{ partsId: partId, quantity }], ...DELIVERY });
    expect(res.statusCode, res.body).toBe(201);
    return { partId, orderId: res.json().insertedId as string };
  }

  withVerified(
    'makes an unpaid order cost less, for its buyer only',
    async ({ as, admin, planner, shop }) => {
      const { partId, orderId } = await waitingOrder(as, admin, planner, 10, 25);
      const url = `/api/purchaseById/${orderId}/lines/${partId}/cancel-backorder`;
      const stranger = await signUp(shop.app);
      expect((await as(stranger).post(url)).statusCode).toBe(403);
      const dropped = await as(planner).post(url);
      expect(dropped.statusCode, dropped.body).toBe(200);
      expect(dropped.json()).toMatchObject({
        price: 30,
        lines: [{ quantity: 25, price: 30, allocated: 10, backordered: 0, dropped: 15 }],
      });
      const again = await as(planner).post(url);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(NOTHING_WAITING_MESSAGE);
    },
  );

  withVerified('of a paid order records the refund due', async ({ as, admin, planner, shop }) => {
    const { partId, orderId } = await waitingOrder(as, admin, planner, 10, 25);
    await confirmCard(shop.app, planner, await clientSecretFor(shop.app, planner, orderId));
    const dropped = await as(planner).post(`/api/purchaseById/${orderId}/lines/${partId}/cancel-backorder`);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({
      price: 75,
      lines: [{ quantity: 25, allocated: 10, backordered: 0, dropped: 15 }],
      adjustments: [{ kind: 'refund_due', amount: 45 }],
    });
  });
});

describe('receipts, drops and orders racing', () => {
  withVerified('50 at once never allocate a piece twice nor lose one', async ({ as, admin, shop }) => {
    const partId = await addedPart(as(admin), { name: 'Raced part', price: 1, available: 20, min: 1 });
    await as(admin).put(`/api/parts/${partId}/incoming`, { batches: [], backorderable: true });
    const buyers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signUpVerified(shop.app, shop.database.db, { name: `Racer ${i}` }),
      ),
    );
    const orders: { buyer: TestAccount; orderId: string }[] = [];
    for (const buyer of buyers) {
      const res = await as(buyer).post('/api/orders', {
        lines: [{ partsId: partId, quantity: 7 }],
        ...DELIVERY,
      });
      orders.push({ buyer, orderId: res.json().insertedId });
    }
    const calls = Array.from({ length: 50 }, (_, i) => {
      const mine = orders[i % orders.length] as { buyer: TestAccount; orderId: string };
      if (i % 5 === 0)
        return as(mine.buyer).post(`/api/purchaseById/${mine.orderId}/lines/${partId}/cancel-backorder`);
      if (i % 5 === 1)
        return as(mine.buyer).post('/api/orders', { lines: [{ partsId: partId, quantity: 3 }], ...DELIVERY });
      if (i % 5 === 2) return as(mine.buyer).delete(`/api/purchaseById/${mine.orderId}`);
      return as(admin).post(`/api/parts/${partId}/receive`, { quantity: 2 });
    });
    const answers = await Promise.all(calls);
    answers.forEach((answer, i) => {
      expect(answer.statusCode, `call ${i}: ${answer.body}`).toBeLessThan(500);
    });
    const received = answers.filter((_, i) => i % 5 >= 3 && answers[i]?.statusCode === 200).length * 2;
    expect(await conservedPieces(shop.database.db, partId)).toEqual({
      total: 20 + received,
      waitingWithStock: false,
    });
  });
});
