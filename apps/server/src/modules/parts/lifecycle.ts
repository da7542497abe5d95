import type { RefusedLine } from '@shop/contract/errors';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { partsNamed } from './repository.js';

/**
 * An obsolete part cannot be ordered or quoted (docs/api.md part three): 422 `part_obsolete`
 * naming each such line in `details`, and in the message the part and what to take instead.
 * Undefined when no line's part is obsolete.
 */
export async function obsoleteRefusal(
  db: Database,
  lines: readonly RefusedLine[],
): Promise<AppError | undefined> {
  const parts = await partsNamed(db, [...new Set(lines.map((line) => line.partsId))]);
  const obsolete = lines.filter((line) => parts.get(line.partsId)?.lifecycle === 'obsolete');
  const [first] = obsolete;
  if (!first) return undefined;
  const part = parts.get(first.partsId);
  const replacement = part?.replacement_id
    ? (await partsNamed(db, [part.replacement_id])).get(part.replacement_id)
    : undefined;
  const instead = replacement ? `order ${replacement.name} instead` : 'it has no replacement in the catalog';
  const others =
    obsolete.length > 1 ? ` (and ${obsolete.length - 1} more line${obsolete.length > 2 ? 's' : ''})` : '';
  return new AppError(
    'part_obsolete',
    `${part?.name} is obsolete and cannot be ordered: ${instead}${others}`,
    undefined,
    {
      details: obsolete,
    },
  );
}
