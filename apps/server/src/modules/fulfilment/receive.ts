import type { ReceiveBody, Received } from '@shop/contract/availability';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import { fillBackorders, mailReady } from '../orders/index.js';
import { consumeIncoming } from '../parts/index.js';
import type { FulfilmentDeps } from './service.js';

/** The most allocations a receipt's answer lists (the audit log keeps them all). */
export const MAX_LISTED_ALLOCATIONS = 1000;

/**
 * `POST /api/parts/{id}/receive` (admins): pieces arrived. In one transaction, holding the part's
 * row from the first statement: the stock grows, the part's incoming batches shrink by as many
 * (earliest first), the pieces go to the orders waiting for them, oldest first, and the buyers of
 * the orders now ready are mailed. Receipts racing each other, orders and drops allocate each
 * piece once (orders/backorders.ts).
 */
export async function receive(
  deps: FulfilmentDeps,
  admin: Caller,
  partId: string,
  body: ReceiveBody,
): Promise<Received> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const booked = await trx
      .updateTable('parts')
      .set({ available_quantity: sql`available_quantity + ${body.quantity}` })
      .where('id', '=', partId)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!booked) throw notFound('part');
    await consumeIncoming(trx, partId, body.quantity);
    const allocations = await fillBackorders(trx, partId);
    const ready = await mailReady(trx, deps.mail, allocations);
    const stock = await stockOf(trx, partId);
    await recordAudit(trx, {
      actor: admin,
      action: 'part.received',
      subjectId: partId,
      after: {
        quantity: body.quantity,
        available_quantity: stock,
        allocated: allocations
          .slice(0, MAX_LISTED_ALLOCATIONS)
          .map(({ orderId, quantity }) => ({ orderId, quantity })),
        ready: ready.slice(0, MAX_LISTED_ALLOCATIONS),
      },
    });
    return {
      available_quantity: stock,
      allocated: allocations
        .slice(0, MAX_LISTED_ALLOCATIONS)
        .map(({ orderId, quantity }) => ({ orderId, quantity })),
    };
  });
  deps.mail?.kick();
  return result;
}

async function stockOf(db: Database, partId: string): Promise<number> {
  const row = await db
    .selectFrom('parts')
    .select('available_quantity')
    .where('id', '=', partId)
    .executeTakeFirstOrThrow();
  return Number(row.available_quantity);
}
