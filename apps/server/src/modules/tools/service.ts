import type { RefusedLine } from '@shop/contract/errors';
import {
  type Diagram,
  normalisedModel,
  type Tool,
  type ToolBody,
  type ToolPart,
  type ToolsQuery,
} from '@shop/contract/tools';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, notFound } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import { priceBreaksOf } from '../parts/index.js';
import * as tools from './repository.js';

/** Who writes: the admin, as the audit log names them. */
export interface Actor {
  id: string;
  email: string;
}

/** Hotspots are kept in ten-thousandths of the picture: 0.1234 of its width is 1234. */
const SCALE = 10_000;

/** A parts-list line as the API answers it: the part as the catalog has it now, left out once it is gone. */
export function toToolPart(row: tools.ToolPartWithPart): ToolPart {
  return {
    partsId: row.part_id,
    partsName: row.name,
    position: row.position,
    quantityPerTool: Number(row.quantity_per_tool),
    wear: Number(row.wear) === 1,
    ...(row.deleted_at === null
      ? {
          part: {
            img: row.img,
            price_per_piece: Number(row.price_per_piece),
            available_quantity: Number(row.available_quantity),
            min_order_quantity: Number(row.min_order_quantity),
            order_multiple: Number(row.order_multiple),
            price_breaks: priceBreaksOf({ price_breaks: row.price_breaks }),
          },
        }
      : {}),
  };
}

/** Tools as the API answers them: their diagrams, hotspots and parts lists read in three queries. */
async function withContents(db: Database, rows: readonly tools.ToolRow[]): Promise<Tool[]> {
  const ids = rows.map((row) => row.id);
  const [diagramRows, partRows] = await Promise.all([tools.diagramsOf(db, ids), tools.partsListsOf(db, ids)]);
  const hotspots = Map.groupBy(
    await tools.hotspotsOf(
      db,
      diagramRows.map((row) => row.id),
    ),
    (row) => row.diagram_id,
  );
  const diagrams = Map.groupBy(
    diagramRows.map((row): Diagram & { toolId: string } => ({
      toolId: row.tool_id,
      _id: row.id,
      title: row.title,
      img: row.img,
      hotspots: (hotspots.get(row.id) ?? []).map((spot) => ({
        label: spot.label,
        partsId: spot.part_id,
        partsName: spot.part_name,
        x: Number(spot.x) / SCALE,
        y: Number(spot.y) / SCALE,
      })),
    })),
    (diagram) => diagram.toolId,
  );
  const parts = Map.groupBy(partRows, (row) => row.tool_id);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    model: row.model,
    img: row.img,
    diagrams: (diagrams.get(row.id) ?? []).map(({ toolId: _, ...diagram }) => diagram),
    parts: (parts.get(row.id) ?? []).map(toToolPart),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** A page of the tool models by name (`q`: those whose model starts with it, punctuation ignored). */
export async function toolPage(db: Database, query: ToolsQuery): Promise<{ tools: Tool[]; total: number }> {
  const model = query.q === undefined ? undefined : normalisedModel(query.q);
  const { rows, total } = await tools.listTools(db, {
    limit: query.limit,
    offset: query.offset,
    ...(model ? { model } : {}),
  });
  return { tools: await withContents(db, rows), total };
}

export async function getTool(db: Database, id: string): Promise<Tool> {
  const row = await tools.findTool(db, id);
  const [tool] = row ? await withContents(db, [row]) : [];
  if (!tool) throw notFound('tool');
  return tool;
}

/**
 * The body's diagrams, hotspots and parts list as rows of the tool. Every part must be in the
 * catalog now: those that are not → 422 unknown_part naming each (its line of `parts`, from 0).
 * A hotspot's part is one of the parts list (contract/tools.ts ToolBody), so that check covers it.
 */
async function contentsOf(db: Database, toolId: string, body: ToolBody): Promise<tools.ToolContents> {
  const known = await tools.partsInCatalog(
    db,
    body.parts.map((part) => part.partsId),
  );
  const missing: RefusedLine[] = [];
  body.parts.forEach((part, index) => {
    if (!known.has(part.partsId)) missing.push({ line: index, partsId: part.partsId });
  });
  if (missing.length > 0) {
    const named = missing
      .slice(0, 5)
      .map((line) => `parts.${line.line}: ${line.partsId}`)
      .join(', ');
    throw new AppError('unknown_part', `No such part in the catalog: ${named}`, undefined, {
      details: missing,
    });
  }
  const diagrams = body.diagrams.map((diagram, index) => ({
    id: newId(),
    tool_id: toolId,
    diagram_no: index,
    title: diagram.title,
    img: diagram.img,
  }));
  return {
    diagrams,
    hotspots: body.diagrams.flatMap((diagram, d) =>
      diagram.hotspots.map((spot, index) => ({
        diagram_id: diagrams[d]?.id ?? '',
        hotspot_no: index,
        label: spot.label,
        part_id: spot.partsId,
        x: Math.round(spot.x * SCALE),
        y: Math.round(spot.y * SCALE),
      })),
    ),
    parts: body.parts.map((part, index) => ({
      tool_id: toolId,
      line_no: index,
      part_id: part.partsId,
      position: part.position,
      quantity_per_tool: part.quantityPerTool,
      wear: part.wear ? 1 : 0,
    })),
  };
}

/** What the audit log keeps of a tool: its fields, and how much its drawings and parts list hold. */
const auditView = (row: Pick<tools.ToolRow, 'name' | 'model' | 'img'>, contents: tools.ToolContents) => ({
  name: row.name,
  model: row.model,
  img: row.img,
  diagrams: contents.diagrams.length,
  hotspots: contents.hotspots.length,
  partsListed: contents.parts.length,
  wearParts: contents.parts.filter((part) => part.wear === 1).length,
});

/** The stored contents of a tool, for the audit log's before. */
async function storedContents(db: Database, id: string): Promise<tools.ToolContents> {
  const diagrams = await tools.diagramsOf(db, [id]);
  const [hotspots, parts] = await Promise.all([
    tools.hotspotsOf(
      db,
      diagrams.map((row) => row.id),
    ),
    tools.partsListsOf(db, [id]),
  ]);
  return {
    diagrams,
    hotspots,
    parts: parts.map((row) => ({
      ...row,
      quantity_per_tool: Number(row.quantity_per_tool),
      wear: Number(row.wear),
    })),
  };
}

/** Adds a tool model with its diagrams, hotspots and parts list, in one transaction with its audit entry. */
export async function createTool(db: Database, actor: Actor, body: ToolBody): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const contents = await contentsOf(trx, id, body);
    const now = nowIso();
    const row = {
      id,
      name: body.name,
      model: body.model,
      model_search: normalisedModel(body.model),
      img: body.img,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await tools.insertTool(trx, row, contents);
    await recordAudit(trx, { actor, action: 'tool.created', subjectId: id, after: auditView(row, contents) });
  });
  return id;
}

/** Replaces a tool model's fields, diagrams and parts list. */
export async function replaceTool(db: Database, actor: Actor, id: string, body: ToolBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await tools.findTool(trx, id);
    if (!before) throw notFound('tool');
    const beforeContents = await storedContents(trx, id);
    const contents = await contentsOf(trx, id, body);
    const changes = {
      name: body.name,
      model: body.model,
      model_search: normalisedModel(body.model),
      img: body.img,
      updated_at: nowIso(),
    };
    if (!(await tools.replaceTool(trx, id, changes, contents))) throw notFound('tool');
    await recordAudit(trx, {
      actor,
      action: 'tool.edited',
      subjectId: id,
      before: auditView(before, beforeContents),
      after: auditView(changes, contents),
    });
  });
}

/** Takes a tool model out of the catalog; the fleets that hold it keep their entries. */
export async function deleteTool(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await tools.findTool(trx, id);
    if (!before) throw notFound('tool');
    const contents = await storedContents(trx, id);
    if (!(await tools.markToolDeleted(trx, id, nowIso()))) throw notFound('tool');
    await recordAudit(trx, {
      actor,
      action: 'tool.deleted',
      subjectId: id,
      before: auditView(before, contents),
    });
  });
}
