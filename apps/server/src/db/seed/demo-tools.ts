import fs from 'node:fs/promises';
import path from 'node:path';
import { normalisedModel } from '@shop/contract/tools';
import { newId, nowIso } from '../../clock.js';
import { saveImage } from '../../modules/images/index.js';
import { demoImagesDir } from '../../paths.js';
import type { Database } from '../database.js';
import { nameSortKey, partNumberKey, searchForm } from '../text-search.js';
import { DEMO_SPARE_PARTS, type DemoSparePartName } from './demo-spare-parts.js';

export { DEMO_SPARE_PARTS, type DemoSparePart, type DemoSparePartName } from './demo-spare-parts.js';

/*
 * The demo's tool models: four of the manufacturer's tools, each with an exploded drawing drawn
 * as SVG (demo-images/tools/*.svg, rasterised to the .webp beside it by scripts/make-demo-images.mjs) whose
 * numbered balloons are the hotspots below, and the spare parts they are made of.
 */

interface DemoLine {
  position: string;
  part: DemoSparePartName;
  quantityPerTool: number;
  wear: boolean;
  /** The balloon of the position on the drawing: 0–1 of its width and height. */
  at: [number, number];
}

interface DemoTool {
  name: string;
  model: string;
  /** The tool's picture in demo-images/, without .webp. */
  picture: string;
  /** The drawing in demo-images/tools/, without .svg. */
  drawing: string;
  title: string;
  lines: DemoLine[];
}

const line = (
  position: string,
  part: DemoSparePartName,
  at: [number, number],
  quantityPerTool = 1,
  wear = false,
): DemoLine => ({ position, part, quantityPerTool, wear, at });

/** The four demo tools; each line's `at` is its balloon on the drawing (a hotspot). */
export const DEMO_TOOLS: DemoTool[] = [
  {
    name: 'Digital Soldering Station 80 W',
    model: 'DS-80',
    picture: 'soldering-station',
    drawing: 'soldering-station-exploded',
    title: 'Soldering handpiece, exploded view',
    lines: [
      line('1', 'Soldering tip, chisel 2.4 mm (T-24C)', [0.1375, 0.3333], 1, true),
      line('2', 'Heating element 80 W (HE-80)', [0.3, 0.3333], 1, true),
      line('3', 'Tip retaining nut (TN-80)', [0.4375, 0.3333]),
      line('4', 'Silicone grip sleeve (GS-80)', [0.6, 0.3167]),
      line('5', 'Handpiece cable 1.2 m (HC-12)', [0.8625, 0.35]),
      line('6', 'Cleaning sponge (CS-60)', [0.8063, 0.6833], 1, true),
    ],
  },
  {
    name: 'Hot-Air Rework Station 700 W',
    model: 'HA-858D',
    picture: 'hot-air-station',
    drawing: 'hot-air-station-exploded',
    title: 'Hot-air handpiece, exploded view',
    lines: [
      line('1', 'Hot-air nozzle 8 mm (N-8)', [0.125, 0.3333], 1, true),
      line('2', 'Heating element 700 W (HE-700)', [0.3063, 0.3333], 1, true),
      line('3', 'Fan motor 24 V (FM-24)', [0.5, 0.3167]),
      line('4', 'Handle shell (HS-858)', [0.6875, 0.3]),
      line('5', 'Air hose 1 m (AH-10)', [0.875, 0.6]),
    ],
  },
  {
    name: 'True-RMS Digital Multimeter 6000 Counts',
    model: 'MM-6000/TR',
    picture: 'multimeter',
    drawing: 'multimeter-exploded',
    title: 'Multimeter, exploded view',
    lines: [
      line('1', 'Test lead set 1000 V CAT III (TL-1000)', [0.1875, 0.4], 1, true),
      line('2', 'Fuse 10 A 1000 V (F-10A)', [0.3125, 0.7], 1, true),
      line('3', 'Fuse 600 mA 1000 V (F-600M)', [0.3125, 0.9333], 1, true),
      line('4', 'Battery cover (BC-60)', [0.65, 0.8333]),
      line('5', 'Protective holster (HL-60)', [0.9, 0.15]),
      line('6', 'Rotary switch knob (RK-60)', [0.65, 0.4167]),
    ],
  },
  {
    name: 'Ratcheting Crimping Tool 0.5–6 mm²',
    model: 'CT-06.R',
    picture: 'crimping-tool',
    drawing: 'crimping-tool-exploded',
    title: 'Crimping tool, exploded view',
    lines: [
      line('1', 'Crimp die set 0.5–6 mm² (CD-06)', [0.55, 0.25], 1, true),
      line('2', 'Return spring (RS-06)', [0.75, 0.2667], 2, true),
      line('3', 'Ratchet pawl (RP-06)', [0.775, 0.8]),
      line('4', 'Handle grips, pair (HG-06)', [0.5, 0.8]),
      line('5', 'Ratchet adjustment screw (AS-06)', [0.925, 0.3333]),
    ],
  },
];

/** The parts of the catalog by name (the demo catalog's, to find the spare parts it already has). */
export async function partIdsByName(db: Database): Promise<Map<string, string>> {
  const rows = await db.selectFrom('parts').select(['id', 'name']).where('deleted_at', 'is', null).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** A picture of demo-images/ stored as the shop stores uploads; answers its address. */
async function storedPicture(uploadsDir: string, file: string): Promise<string> {
  const bytes = await fs.readFile(path.join(demoImagesDir, file));
  return `/api/images/${await saveImage(uploadsDir, bytes)}`;
}

/** The part number a demo name carries in brackets (`… (HE-80)`). */
const mpnOf = (name: string) => /\(([A-Z0-9./-]+)\)$/.exec(name)?.[1] ?? null;

/** The demo category (demo-categories.ts) of the spares each tool's picture stands for. */
const SPARES_CATEGORY: Record<string, string> = {
  'soldering-station': 'station_spares',
  'hot-air-station': 'hot_air_spares',
  multimeter: 'meter_spares',
  'crimping-tool': 'crimper_spares',
};

/** The first demo tool a spare part is on the parts list of, with its line. */
function toolLineOf(name: string): { model: string; wear: boolean } | undefined {
  for (const tool of DEMO_TOOLS) {
    const line = tool.lines.find((item) => item.part === name);
    if (line) return { model: tool.model, wear: line.wear };
  }
  return undefined;
}

/**
 * Adds the spare parts the catalog does not have yet (by name), each in its tool's spares
 * category with the model it fits and whether it wears out; answers every spare part's id.
 */
async function sparePartIds(
  trx: Database,
  uploadsDir: string,
  known: ReadonlyMap<string, string>,
  categoryIds: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const now = Date.now();
  for (const [index, part] of DEMO_SPARE_PARTS.entries()) {
    const existing = known.get(part.name);
    if (existing) {
      ids.set(part.name, existing);
      continue;
    }
    const id = newId();
    const categoryId = categoryIds.get(SPARES_CATEGORY[part.picture] ?? '') ?? null;
    const line = toolLineOf(part.name);
    // The model it fits, and whether it wears out (the finder's facets of the spares category).
    const attributes = categoryId && line ? { fits: line.model, wears: line.wear } : {};
    await trx
      .insertInto('parts')
      .values({
        id,
        category_id: categoryId,
        attributes: JSON.stringify(attributes),
        name: part.name,
        name_search: searchForm(part.name),
        name_sort: nameSortKey(part.name),
        desc: part.desc,
        img: await storedPicture(uploadsDir, `${part.picture}.webp`),
        price_per_piece: part.price_per_piece,
        available_quantity: part.available_quantity,
        min_order_quantity: part.min_order_quantity,
        created_at: new Date(now + index).toISOString(),
        deleted_at: null,
        // The manufacturer's own spare part: its number is the one in brackets.
        mpn: mpnOf(part.name),
        mpn_key: mpnOf(part.name) && partNumberKey(mpnOf(part.name) as string),
        manufacturer: 'Electronics Tools Manufacturers',
      })
      .execute();
    if (categoryId && line)
      await trx
        .insertInto('part_values')
        .values([
          { part_id: id, category_id: categoryId, key: 'fits', num: null, txt: line.model },
          { part_id: id, category_id: categoryId, key: 'wears', num: null, txt: String(line.wear) },
        ])
        .execute();
    ids.set(part.name, id);
  }
  return ids;
}

/**
 * Seeds the demo tool models inside the seeding transaction, after the demo parts: the spare
 * parts they need that `known` (the catalog's parts by name) lacks, then each tool with its
 * drawing, hotspots and parts list.
 */
export async function seedDemoTools(
  trx: Database,
  uploadsDir: string,
  known: ReadonlyMap<string, string>,
  categoryIds: ReadonlyMap<string, string>,
): Promise<void> {
  const parts = await sparePartIds(trx, uploadsDir, known, categoryIds);
  const partId = (name: string) => parts.get(name) ?? '';
  for (const tool of DEMO_TOOLS) {
    const id = newId();
    const diagramId = newId();
    const now = nowIso();
    await trx
      .insertInto('tools')
      .values({
        id,
        name: tool.name,
        model: tool.model,
        model_search: normalisedModel(tool.model),
        img: await storedPicture(uploadsDir, `${tool.picture}.webp`),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .execute();
    await trx
      .insertInto('tool_diagrams')
      .values({
        id: diagramId,
        tool_id: id,
        diagram_no: 0,
        title: tool.title,
        img: await storedPicture(uploadsDir, `tools/${tool.drawing}.webp`),
      })
      .execute();
    await trx
      .insertInto('tool_hotspots')
      .values(
        tool.lines.map((line, index) => ({
          diagram_id: diagramId,
          hotspot_no: index,
          label: line.position,
          part_id: partId(line.part),
          x: Math.round(line.at[0] * 10_000),
          y: Math.round(line.at[1] * 10_000),
        })),
      )
      .execute();
    await trx
      .insertInto('tool_parts')
      .values(
        tool.lines.map((line, index) => ({
          tool_id: id,
          line_no: index,
          part_id: partId(line.part),
          position: line.position,
          quantity_per_tool: line.quantityPerTool,
          wear: line.wear ? 1 : 0,
        })),
      )
      .execute();
  }
}
