import { type FittingTool, MAX_FITTING_TOOLS, normalisedModel } from '@shop/contract/tools';
import type { Database } from '../../db/database.js';
import type { ToolParts } from '../parts/index.js';
import { fittingRows, partIdsOfTool, toolsWithModel } from './links-repository.js';
import { getTool } from './service.js';

/*
 * What the catalog reads of the tools: the tools a part fits (its page, `fitsTools`), a tool's
 * parts (a search by `tool=`) and the tools a model number names (a search by model).
 */

/** `fitsToolsOf` asks about this many parts a query (each query at most MAX_FITTING_TOOLS rows a part). */
const PARTS_A_QUERY = 40;
/** The most tools `toolsByModel` answers. */
export const MAX_TOOLS_BY_MODEL = 20;

/**
 * The tools in the catalog each of these parts fits, with the part's position in each (by tool
 * name; at most MAX_FITTING_TOOLS a part). A part that fits none is not a key. Meant for a page of
 * parts: a query per PARTS_A_QUERY parts.
 */
export async function fitsToolsOf(
  db: Database,
  partIds: string[],
): Promise<Map<string, { toolId: string; model: string; position: string }[]>> {
  const fits = new Map<string, { toolId: string; model: string; position: string }[]>();
  const unique = [...new Set(partIds)];
  for (let start = 0; start < unique.length; start += PARTS_A_QUERY) {
    const chunk = unique.slice(start, start + PARTS_A_QUERY);
    for (const row of await fittingRows(db, chunk, chunk.length * MAX_FITTING_TOOLS)) {
      const list = fits.get(row.part_id) ?? [];
      if (list.length < MAX_FITTING_TOOLS)
        list.push({ toolId: row.tool_id, model: row.model, position: row.position });
      fits.set(row.part_id, list);
    }
  }
  return fits;
}

/** The parts on a tool's parts list (none for a tool not in the catalog). */
export function toolPartIds(db: Database, toolId: string): Promise<string[]> {
  return partIdsOfTool(db, toolId);
}

/**
 * The tools whose model number is `text` or starts with it, case, spaces, '-', '/' and '.'
 * ignored: the exact ones first, at most MAX_TOOLS_BY_MODEL.
 */
export async function toolsByModel(
  db: Database,
  text: string,
): Promise<{ _id: string; name: string; model: string }[]> {
  const model = normalisedModel(text.slice(0, 200));
  if (model.length === 0) return [];
  const rows = await toolsWithModel(db, model, MAX_TOOLS_BY_MODEL);
  return rows.map((row) => ({ _id: row.id, name: row.name, model: row.model }));
}

/** `GET /api/tools/fitting`: the tools a part fits, with its position in each. */
export async function fittingTools(db: Database, partId: string): Promise<FittingTool[]> {
  const rows = await fittingRows(db, [partId], MAX_FITTING_TOOLS);
  return rows.map((row) => ({
    toolId: row.tool_id,
    name: row.name,
    model: row.model,
    position: row.position,
  }));
}

/**
 * The catalog's view of the tool models (parts/search.ts ToolParts): what a search by model or by
 * tool and a part's page read. Given to the catalog by the app, as this module reads the parts.
 */
export const catalogToolLinks: ToolParts = {
  async byModel(db, text) {
    const tools = await toolsByModel(db, text);
    return [...new Set((await Promise.all(tools.map((tool) => toolPartIds(db, tool._id)))).flat())];
  },
  async ofTool(db, toolId) {
    const ids = await toolPartIds(db, toolId);
    // An empty list, or no such tool: then a 404 for the search.
    if (ids.length === 0) await getTool(db, toolId);
    return ids;
  },
  fitsOf: fitsToolsOf,
};
