import { z } from 'zod';
import { ImageRef, PriceBreak } from './parts.js';
import { Id, line, Paging, text, wholeNumber } from './primitives.js';

/*
 * The manufacturer's tool models with their exploded drawings (`/api/tools`), and a buyer's fleet
 * of them (`/api/my-tools`): docs/api.md, "Tools and fleets".
 */

/** The most diagrams a tool has, hotspots a diagram has and entries its parts list has. */
export const MAX_TOOL_DIAGRAMS = 20;
export const MAX_DIAGRAM_HOTSPOTS = 200;
export const MAX_TOOL_PARTS = 500;
/** The most pieces of one part one tool holds (screws, washers): far above any real tool. */
export const MAX_QUANTITY_PER_TOOL = 10_000;
/** The most entries one fleet (a buyer's or a company's) keeps, and the most tools one entry counts. */
export const MAX_FLEET_ENTRIES = 200;
export const MAX_FLEET_QUANTITY = 100_000;
/** The most tools `GET /api/tools` answers at once (each with its diagrams and parts list). */
export const MAX_TOOLS_PAGE = 20;
/** The most tools `GET /api/tools/fitting` names for one part. */
export const MAX_FITTING_TOOLS = 50;

/**
 * A model number as searches compare it: lower case, without spaces, '-', '/' and '.', so
 * "TS-80 P", "ts80p" and "TS.80/P" are one model.
 */
export function normalisedModel(model: string): string {
  return model.toLowerCase().replace(/[\s\-/.]/g, '');
}

/** A position on a drawing, as its number reads ("7", "12a"). */
const Position = line({ min: 1, max: 20 });
/** A place on a picture: 0 (left, top) to 1 (right, bottom). */
const Fraction = z
  .number({ error: 'must be a number from 0 to 1' })
  .min(0, 'must be at least 0')
  .max(1, 'must be at most 1');

export const HotspotInput = z.object({
  label: Position.describe('the number drawn on the picture, the position in the parts list'),
  partsId: Id,
  x: Fraction.describe('from the left edge of the picture: 0 to 1'),
  y: Fraction.describe('from the top edge of the picture: 0 to 1'),
});

export const DiagramInput = z.object({
  title: line({ min: 1, max: 100 }),
  img: ImageRef,
  hotspots: z
    .array(HotspotInput, { error: 'must be a list of hotspots' })
    .max(MAX_DIAGRAM_HOTSPOTS, `must have at most ${MAX_DIAGRAM_HOTSPOTS} hotspots`),
});

export const ToolPartInput = z.object({
  partsId: Id,
  position: Position,
  quantityPerTool: wholeNumber({ min: 1, max: MAX_QUANTITY_PER_TOOL }),
  wear: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .default(false)
    .describe('a part that wears out (tips, heating elements, nozzles, blades)'),
});

/**
 * `POST /api/tools` and `PUT /api/tools/{id}`: a tool model with its diagrams and parts list. A
 * part is listed once at a position; every hotspot points at a part of the parts list.
 */
export const ToolBody = z
  .object({
    name: line({ min: 1, max: 120 }),
    model: line({ min: 1, max: 60 }).refine(
      (model) => normalisedModel(model).length > 0,
      'must have a letter or a digit',
    ),
    img: ImageRef,
    diagrams: z
      .array(DiagramInput, { error: 'must be a list of diagrams' })
      .max(MAX_TOOL_DIAGRAMS, `must have at most ${MAX_TOOL_DIAGRAMS} diagrams`),
    parts: z
      .array(ToolPartInput, { error: 'must be a list of parts' })
      .max(MAX_TOOL_PARTS, `must have at most ${MAX_TOOL_PARTS} parts`),
  })
  .superRefine((tool, ctx) => {
    const listed = new Set<string>();
    tool.parts.forEach((part, index) => {
      const key = `${part.partsId} ${part.position}`;
      if (listed.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['parts', index, 'position'],
          message: 'lists this part at this position already',
        });
      listed.add(key);
    });
    const partIds = new Set(tool.parts.map((part) => part.partsId));
    tool.diagrams.forEach((diagram, d) => {
      diagram.hotspots.forEach((hotspot, h) => {
        if (!partIds.has(hotspot.partsId))
          ctx.addIssue({
            code: 'custom',
            path: ['diagrams', d, 'hotspots', h, 'partsId'],
            message: 'must be a part of the parts list',
          });
      });
    });
  });
export type ToolBody = z.output<typeof ToolBody>;
export type ToolInput = z.input<typeof ToolBody>;

/** A part as the catalog has it now: left out once it has left the catalog. */
export const ToolPartNow = z
  .object({
    img: z.string(),
    price_per_piece: z.number().int(),
    available_quantity: z.number().int(),
    min_order_quantity: z.number().int(),
    order_multiple: z.number().int(),
    price_breaks: z.array(PriceBreak),
  })
  .optional()
  .describe('the part as the catalog has it now; left out once it has left the catalog');

export const Hotspot = z.object({
  label: z.string(),
  partsId: Id,
  partsName: z.string(),
  x: z.number(),
  y: z.number(),
});
export type Hotspot = z.infer<typeof Hotspot>;

export const Diagram = z.object({
  _id: Id,
  title: z.string(),
  img: z.string(),
  hotspots: z.array(Hotspot),
});
export type Diagram = z.infer<typeof Diagram>;

export const ToolPart = z.object({
  partsId: Id,
  partsName: z.string(),
  position: z.string(),
  quantityPerTool: z.number().int(),
  wear: z.boolean(),
  part: ToolPartNow,
});
export type ToolPart = z.infer<typeof ToolPart>;

export const Tool = z.object({
  _id: Id,
  name: z.string(),
  model: z.string(),
  img: z.string(),
  diagrams: z.array(Diagram).describe(`at most ${MAX_TOOL_DIAGRAMS}, in their order`),
  parts: z.array(ToolPart).describe(`the parts list, at most ${MAX_TOOL_PARTS}, in its order`),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tool = z.infer<typeof Tool>;
export const ToolList = z.array(Tool);

export const ToolIdParams = z.object({ id: Id });

/** `GET /api/tools`: a page of the tool models, by name; `q` finds a model number. */
export const ToolsQuery = Paging.extend({
  limit: Paging.shape.limit
    .pipe(z.number().transform((n) => Math.min(n, MAX_TOOLS_PAGE)))
    .describe(`page size, 1–${MAX_TOOLS_PAGE} (default 50 is clamped to ${MAX_TOOLS_PAGE})`),
  q: z
    .string()
    .max(60, 'must be at most 60 characters')
    .optional()
    .describe("a model number or its start, with case, spaces, '-', '/' and '.' ignored"),
});
export type ToolsQuery = z.output<typeof ToolsQuery>;

/** `GET /api/tools/fitting?partId=`: the tools a part fits, with its position in each. */
export const FittingQuery = z.object({ partId: Id });
export const FittingTool = z.object({
  toolId: Id,
  name: z.string(),
  model: z.string(),
  position: z.string(),
});
export type FittingTool = z.infer<typeof FittingTool>;
export const FittingTools = z.array(FittingTool);

/** `POST /api/my-tools`: tools of one model in the buyer's (or their company's) fleet. */
export const FleetEntryBody = z.object({
  toolId: Id,
  serialNumber: line({ min: 1, max: 60 }).optional(),
  quantity: wholeNumber({ min: 1, max: MAX_FLEET_QUANTITY }),
  note: text({ min: 1, max: 500 }).optional(),
});
export type FleetEntryBody = z.output<typeof FleetEntryBody>;
export type FleetEntryInput = z.input<typeof FleetEntryBody>;

export const FleetEntry = z.object({
  _id: Id,
  toolId: Id,
  serialNumber: z.string().optional(),
  quantity: z.number().int(),
  note: z.string().optional(),
  companyId: Id.optional().describe("the company whose fleet holds the entry; left out for a buyer's own"),
  createdAt: z.string(),
  tool: z
    .object({ _id: Id, name: z.string(), model: z.string(), img: z.string() })
    .optional()
    .describe('the tool model; left out once the manufacturer has taken it out of the catalog'),
  wearParts: z
    .array(ToolPart)
    .describe("the tool's parts that wear out, with the parts list's quantity per tool"),
});
export type FleetEntry = z.infer<typeof FleetEntry>;
export const Fleet = z
  .array(FleetEntry)
  .describe(`the fleet's entries, oldest first, at most ${MAX_FLEET_ENTRIES}`);

export const FleetEntryParams = z.object({ id: Id });

export const TOO_MANY_FLEET_ENTRIES_MESSAGE = `The fleet already has ${MAX_FLEET_ENTRIES} entries, the most one fleet keeps. Remove one, or count more tools on an entry.`;
