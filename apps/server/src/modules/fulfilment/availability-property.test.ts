import type { Order } from '@shop/contract/orders';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';
import { confirmCard } from '../../test-support/invoice-orders.js';
import { addedPart } from '../../test-support/parts.js';
import { conservedPieces } from '../../test-support/pieces.js';

/*
 * Stock, allocated, waiting and shipped pieces are conserved under any interleaving of orders,
 * receipts, drops, cancels, payments and shipments: fast-check draws batches of them, each batch
 * runs at once, and after each the part's pieces add up (stock + allocated + shipped is what the
 * part started with plus what was received), no piece waits while stock is left, and every live
 * line holds its quantity as allocated + waiting + shipped + dropped.
 */

const DELIVERY = { mobile: '+880 1819 000111', address: 'Plot 7, CEPZ, Chattogram' };
const START = 30;

type Step =
  | { kind: 'order'; buyer: number; quantity: number }
  | { kind: 'receive'; quantity: number }
  | { kind: 'drop' | 'cancel' | 'pay' | 'ship'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    buyer: fc.nat(3),
    quantity: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({ kind: fc.constant('receive' as const), quantity: fc.integer({ min: 1, max: 30 }) }),
  fc.record({
    kind: fc.constantFrom('drop' as const, 'cancel' as const, 'pay' as const, 'ship' as const),
    pick: fc.nat(100),
  }),
);

const withBuyers = test.extend('buyers', { scope: 'file' }, ({ shop }) =>
  Promise.all(
    Array.from({ length: 4 }, (_, i) => signUpVerified(shop.app, shop.database.db, { name: `Planner ${i}` })),
  ),
);

describe('availability under random interleavings', () => {
  withBuyers(
    'conserves every piece, on both databases',
    { timeout: 120_000 },
    async ({ as, admin, shop, buyers }) => {
      const partId = await addedPart(as(admin), {
        name: 'Property part',
        price: 1,
        available: START,
        min: 1,
      });
      await as(admin).put(`/api/parts/${partId}/incoming`, { batches: [], backorderable: true });
      const placed: { orderId: string; buyer: TestAccount }[] = [];
      let received = 0;

      async function run(s: Step): Promise<number> {
        if (s.kind === 'order') {
          const buyer = buyers[s.buyer] as TestAccount;
          const res = await as(buyer).post('/api/orders', {
            lines: [{ partsId: partId, quantity: s.quantity }],
            ...DELIVERY,
          });
          if (res.statusCode === 201) placed.push({ orderId: res.json().insertedId, buyer });
          return res.statusCode;
        }
        if (s.kind === 'receive') {
          const res = await as(admin).post(`/api/parts/${partId}/receive`, { quantity: s.quantity });
          if (res.statusCode === 200) received += s.quantity;
          return res.statusCode;
        }
        const mine = placed[s.pick % Math.max(placed.length, 1)];
        if (!mine) return 200;
        const url = `/api/purchaseById/${mine.orderId}`;
        if (s.kind === 'drop')
          return (await as(mine.buyer).post(`${url}/lines/${partId}/cancel-backorder`)).statusCode;
        if (s.kind === 'cancel') return (await as(mine.buyer).delete(url)).statusCode;
        if (s.kind === 'pay') {
          const secret = await as(mine.buyer).post('/api/create-payment-intent', { _id: mine.orderId });
          if (secret.statusCode !== 200) return secret.statusCode;
          return (await confirmCard(shop.app, mine.buyer, secret.json().clientSecret)).statusCode;
        }
        const order = (await as(admin).get(url)).json() as Order;
        const allocated = order.lines[0]?.allocated ?? 0;
        if (allocated === 0) return 200;
        return (
          await as(admin).post(`${url}/shipments`, {
            lines: [{ partsId: partId, quantity: allocated }],
            carrier: 'DHL Express',
            trackingNumber: 'JD0146',
          })
        ).statusCode;
      }

      async function linesHold(): Promise<void> {
        const lines = await shop.database.db
          .selectFrom('order_lines')
          .innerJoin('orders', 'orders.id', 'order_lines.order_id')
          .select(['order_lines.quantity', 'allocated', 'backordered', 'shipped', 'dropped'])
          .where('order_lines.part_id', '=', partId)
          .where('orders.cancelled_at', 'is', null)
          .where('orders.expired_at', 'is', null)
          .execute();
        for (const line of lines)
          expect(
            Number(line.allocated) + Number(line.backordered) + Number(line.shipped) + Number(line.dropped),
          ).toBe(Number(line.quantity));
      }

      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(step, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
          async (batches) => {
            for (const batch of batches) {
              const statuses = await Promise.all(batch.map(run));
              for (const status of statuses) expect(status).toBeLessThan(500);
              expect(await conservedPieces(shop.database.db, partId)).toEqual({
                total: START + received,
                waitingWithStock: false,
              });
              await linesHold();
            }
          },
        ),
        { numRuns: 12 },
      );
    },
  );
});
