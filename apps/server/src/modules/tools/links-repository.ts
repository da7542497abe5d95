import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { prefixPattern } from './repository.js';

/** A tool in the catalog that a part fits, with the part's position in it. */
export interface FittingRow {
  part_id: string;
  tool_id: string;
  name: string;
  model: string;
  position: string;
}

/**
 * The tools in the catalog these parts fit, by tool name, a part at several positions of a
 * tool once per position; at most `limit` rows per call.
 */
export function fittingRows(db: Database, partIds: readonly string[], limit: number): Promise<FittingRow[]> {
  if (partIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tool_parts')
    .innerJoin('tools', 'tools.id', 'tool_parts.tool_id')
    .select([
      'tool_parts.part_id as part_id',
      'tools.id as tool_id',
      'tools.name as name',
      'tools.model as model',
      'tool_parts.position as position',
    ])
    .where('tool_parts.part_id', 'in', partIds)
    .where('tools.deleted_at', 'is', null)
    .orderBy('tool_parts.part_id')
    .orderBy('tools.name')
    .orderBy('tools.id')
    .orderBy('tool_parts.line_no')
    .limit(limit)
    .execute();
}

/** The parts on the tool's parts list, each once, in the list's order. */
export async function partIdsOfTool(db: Database, toolId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tool_parts')
    .innerJoin('tools', 'tools.id', 'tool_parts.tool_id')
    .select('tool_parts.part_id')
    .where('tool_parts.tool_id', '=', toolId)
    .where('tools.deleted_at', 'is', null)
    .orderBy('tool_parts.line_no')
    .execute();
  return [...new Set(rows.map((row) => row.part_id))];
}

/** Tools in the catalog whose normalised model is `model` or starts with it: the exact ones first. */
export function toolsWithModel(
  db: Database,
  model: string,
  limit: number,
): Promise<{ id: string; name: string; model: string }[]> {
  return (
    db
      .selectFrom('tools')
      .select(['id', 'name', 'model'])
      .where('deleted_at', 'is', null)
      // A prefix matches the exact model too.
      .where(sql<boolean>`model_search like ${prefixPattern(model)} escape '\\'`)
      .orderBy(sql`case when model_search = ${model} then 0 else 1 end`)
      .orderBy('model_search')
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}
