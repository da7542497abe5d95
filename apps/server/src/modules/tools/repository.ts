import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';
import type { ToolDiagramsTable, ToolHotspotsTable, ToolPartsTable, ToolsTable } from '../../db/schema.js';

export type ToolRow = ToolsTable;
export type DiagramRow = ToolDiagramsTable;
export type HotspotRow = ToolHotspotsTable;
export type ToolPartRow = ToolPartsTable;

/** A hotspot with the name of its part. */
export interface HotspotWithName extends HotspotRow {
  part_name: string;
}

/** A parts-list line with its part: its name always (parts are deleted softly), the rest while it is in the catalog. */
export interface ToolPartWithPart {
  tool_id: string;
  line_no: number;
  part_id: string;
  position: string;
  quantity_per_tool: number | string;
  wear: number | string;
  name: string;
  img: string;
  price_per_piece: number | string;
  available_quantity: number | string;
  min_order_quantity: number | string;
  order_multiple: number | string;
  price_breaks: string;
  deleted_at: string | null;
}

/** Rows go into one statement at most this many at a time (well below both databases' parameter limits). */
const CHUNK = 500;

async function insertInChunks<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/** `text` as a LIKE pattern for values starting with it (`%`, `_` and `\` taken literally); use with `escape '\'`. */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the tools in the catalog by name, those whose normalised model starts with `model` if given. */
export function listTools(
  db: Database,
  page: { limit: number; offset: number; model?: string },
): Promise<{ rows: ToolRow[]; total: number }> {
  let query = db.selectFrom('tools').selectAll().where('deleted_at', 'is', null);
  if (page.model !== undefined)
    query = query.where(sql<boolean>`model_search like ${prefixPattern(page.model)} escape '\\'`);
  return pageWithTotal(query.orderBy('name').orderBy('id'), page);
}

/** The tool, if it is in the catalog (`withDeleted`: also one taken out). */
export function findTool(db: Database, id: string, withDeleted = false): Promise<ToolRow | undefined> {
  let query = db.selectFrom('tools').selectAll().where('id', '=', id);
  if (!withDeleted) query = query.where('deleted_at', 'is', null);
  return query.executeTakeFirst();
}

/** The diagrams of these tools, each tool's in their order. */
export function diagramsOf(db: Database, toolIds: readonly string[]): Promise<DiagramRow[]> {
  if (toolIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tool_diagrams')
    .selectAll()
    .where('tool_id', 'in', toolIds)
    .orderBy('tool_id')
    .orderBy('diagram_no')
    .execute();
}

/** The hotspots of these diagrams, in their order, each with its part's name. */
export function hotspotsOf(db: Database, diagramIds: readonly string[]): Promise<HotspotWithName[]> {
  if (diagramIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tool_hotspots')
    .innerJoin('parts', 'parts.id', 'tool_hotspots.part_id')
    .selectAll('tool_hotspots')
    .select('parts.name as part_name')
    .where('tool_hotspots.diagram_id', 'in', diagramIds)
    .orderBy('tool_hotspots.diagram_id')
    .orderBy('tool_hotspots.hotspot_no')
    .execute();
}

/** The parts lists of these tools, in their order, each line with its part as the catalog has it. */
export function partsListsOf(
  db: Database,
  toolIds: readonly string[],
  options: { wearOnly?: boolean } = {},
): Promise<ToolPartWithPart[]> {
  if (toolIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('tool_parts')
    .innerJoin('parts', 'parts.id', 'tool_parts.part_id')
    .selectAll('tool_parts')
    .select([
      'parts.name',
      'parts.img',
      'parts.price_per_piece',
      'parts.available_quantity',
      'parts.min_order_quantity',
      'parts.order_multiple',
      'parts.price_breaks',
      'parts.deleted_at',
    ])
    .where('tool_parts.tool_id', 'in', toolIds);
  if (options.wearOnly) query = query.where('tool_parts.wear', '=', 1);
  return query.orderBy('tool_parts.tool_id').orderBy('tool_parts.line_no').execute();
}

/** Which of these parts are in the catalog (not deleted). */
export async function partsInCatalog(db: Database, partIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(partIds)];
  const found = new Set<string>();
  for (let start = 0; start < unique.length; start += CHUNK) {
    const rows = await db
      .selectFrom('parts')
      .select('id')
      .where('id', 'in', unique.slice(start, start + CHUNK))
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** What a tool is made of, as rows: its diagrams, their hotspots and its parts list. */
export interface ToolContents {
  diagrams: DiagramRow[];
  hotspots: HotspotRow[];
  parts: ToolPartRow[];
}

async function insertContents(db: Database, contents: ToolContents): Promise<void> {
  await insertInChunks(contents.diagrams, (rows) => db.insertInto('tool_diagrams').values(rows).execute());
  await insertInChunks(contents.hotspots, (rows) => db.insertInto('tool_hotspots').values(rows).execute());
  await insertInChunks(contents.parts, (rows) => db.insertInto('tool_parts').values(rows).execute());
}

export async function insertTool(db: Database, tool: ToolRow, contents: ToolContents): Promise<void> {
  await db.insertInto('tools').values(tool).execute();
  await insertContents(db, contents);
}

/** Gives the tool new fields and contents; false when it is not in the catalog. */
export async function replaceTool(
  db: Database,
  id: string,
  changes: Pick<ToolRow, 'name' | 'model' | 'model_search' | 'img' | 'updated_at'>,
  contents: ToolContents,
): Promise<boolean> {
  const result = await db
    .updateTable('tools')
    .set(changes)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // Hotspots go with their diagrams (on delete cascade).
  await db.deleteFrom('tool_diagrams').where('tool_id', '=', id).execute();
  await db.deleteFrom('tool_parts').where('tool_id', '=', id).execute();
  await insertContents(db, contents);
  return true;
}

/** Takes the tool out of the catalog; false when it was not in it. */
export async function markToolDeleted(db: Database, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('tools')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
