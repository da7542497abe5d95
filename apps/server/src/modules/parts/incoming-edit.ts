import type { IncomingBody } from '@shop/contract/availability';
import type { Part } from '@shop/contract/parts';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import { batchesOf, byExpectedDay, insertBatches, withAvailability } from './incoming.js';
import * as parts from './repository.js';
import { toPart } from './service.js';

/**
 * `PUT /api/parts/{id}/incoming` (admins): the part's batches are replaced (kept by expected day),
 * and its lead time and backorderable change when the body names them; audited.
 */
export async function setIncoming(
  db: Database,
  actor: { id: string; email: string },
  id: string,
  body: IncomingBody,
): Promise<Part> {
  const row = await db.transaction().execute(async (trx) => {
    const before = await parts.findPart(trx, id);
    if (!before) throw notFound('part');
    const changes = {
      ...(body.leadTimeDays === undefined ? {} : { lead_time_days: body.leadTimeDays }),
      ...(body.backorderable === undefined ? {} : { backorderable: body.backorderable ? 1 : 0 }),
    };
    if (Object.keys(changes).length > 0)
      await trx.updateTable('parts').set(changes).where('id', '=', id).execute();
    const oldBatches = (await batchesOf(trx, [id])).get(id) ?? [];
    await trx.deleteFrom('part_incoming').where('part_id', '=', id).execute();
    const batches = byExpectedDay(body.batches);
    await insertBatches(trx, [{ partId: id, batches }]);
    await recordAudit(trx, {
      actor,
      action: 'part.incoming',
      subjectId: id,
      before: {
        incoming: oldBatches,
        leadTimeDays: before.lead_time_days,
        backorderable: before.backorderable === 1,
      },
      after: {
        incoming: batches,
        leadTimeDays: changes.lead_time_days ?? before.lead_time_days,
        backorderable: (changes.backorderable ?? before.backorderable) === 1,
      },
    });
    return { ...before, ...changes };
  });
  const [part] = await withAvailability(db, [toPart(row)]);
  return part as Part;
}
