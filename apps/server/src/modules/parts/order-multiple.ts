import type { RefusedLine } from '@shop/contract/errors';
import { isOrderMultiple, notMultipleMessage } from '@shop/contract/parts';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { partsNamed } from './repository.js';

/**
 * A line's quantity must be a multiple of its part's order multiple (docs/api.md part three; the
 * contract's `isOrderMultiple`): 422 `quantity_out_of_range` naming each line that is not in
 * `details`, and in the message the part and its multiple. Undefined when every line's quantity
 * is. What an order's stock update refused, said in words (orders/service.ts orderRefusal), and
 * the check of the paths that take no stock: a quote asked for, the shop's offer.
 */
export async function notMultipleRefusal(
  db: Database,
  lines: readonly (RefusedLine & { quantity: number })[],
): Promise<AppError | undefined> {
  const parts = await partsNamed(db, [...new Set(lines.map((line) => line.partsId))]);
  const multipleOf = (partsId: string) => Number(parts.get(partsId)?.order_multiple ?? 1);
  const refused = lines.filter((line) => !isOrderMultiple(line.quantity, multipleOf(line.partsId)));
  const [first] = refused;
  if (!first) return undefined;
  const others =
    refused.length > 1 ? ` (and ${refused.length - 1} more line${refused.length > 2 ? 's' : ''})` : '';
  return new AppError(
    'quantity_out_of_range',
    `${notMultipleMessage(parts.get(first.partsId)?.name ?? 'this part', multipleOf(first.partsId))}${others}`,
    undefined,
    { details: refused.map(({ line, partsId }) => ({ line, partsId })) },
  );
}
