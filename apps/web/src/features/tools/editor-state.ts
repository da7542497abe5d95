import type { Tool, ToolInput } from '@shop/contract/tools';

/** A parts-list line being edited, with its part's name to show. */
export interface EditedPart {
  partsId: string;
  partsName: string;
  position: string;
  quantityPerTool: string;
  wear: boolean;
}

export interface EditedHotspot {
  label: string;
  partsId: string;
  x: number;
  y: number;
}

export interface EditedDiagram {
  key: string;
  title: string;
  img: string;
  hotspots: EditedHotspot[];
}

/** A tool model as the admin's form holds it. */
export interface EditedTool {
  name: string;
  model: string;
  img: string;
  diagrams: EditedDiagram[];
  parts: EditedPart[];
}

let keys = 0;
export const newKey = () => `d${++keys}`;

export const emptyTool = (): EditedTool => ({ name: '', model: '', img: '', diagrams: [], parts: [] });

/** The form's state for a stored tool. */
export function editedTool(tool: Tool): EditedTool {
  return {
    name: tool.name,
    model: tool.model,
    img: tool.img,
    diagrams: tool.diagrams.map((diagram) => ({
      key: newKey(),
      title: diagram.title,
      img: diagram.img,
      hotspots: diagram.hotspots.map(({ label, partsId, x, y }) => ({ label, partsId, x, y })),
    })),
    parts: tool.parts.map((part) => ({
      partsId: part.partsId,
      partsName: part.partsName,
      position: part.position,
      quantityPerTool: String(part.quantityPerTool),
      wear: part.wear,
    })),
  };
}

/** The API's body for the form's state (the server checks every rule). */
export function toolInput(tool: EditedTool): ToolInput {
  return {
    name: tool.name,
    model: tool.model,
    img: tool.img,
    diagrams: tool.diagrams.map(({ title, img, hotspots }) => ({ title, img, hotspots })),
    parts: tool.parts.map(({ partsId, position, quantityPerTool, wear }) => ({
      partsId,
      position,
      quantityPerTool,
      wear,
    })),
  };
}

/** A share of a picture's width or height (0–1, four decimals) where a click landed in it. */
export function shareOf(offset: number, size: number): number {
  if (size <= 0) return 0;
  return Math.round(Math.min(1, Math.max(0, offset / size)) * 10_000) / 10_000;
}

/**
 * Places a hotspot on a diagram for `partsId` at (x, y): labelled with the part's position on the
 * parts list (the next free number for a part not listed yet, which is then added to the list).
 */
export function withHotspot(
  tool: EditedTool,
  diagramKey: string,
  spot: { partsId: string; partsName: string; x: number; y: number },
): EditedTool {
  let parts = tool.parts;
  let listed = parts.find((part) => part.partsId === spot.partsId);
  if (!listed) {
    const numbers = parts.map((part) => Number.parseInt(part.position, 10)).filter(Number.isFinite);
    listed = {
      partsId: spot.partsId,
      partsName: spot.partsName,
      position: String(Math.max(0, ...numbers) + 1),
      quantityPerTool: '1',
      wear: false,
    };
    parts = [...parts, listed];
  }
  const label = listed.position;
  return {
    ...tool,
    parts,
    diagrams: tool.diagrams.map((diagram) =>
      diagram.key === diagramKey
        ? {
            ...diagram,
            hotspots: [...diagram.hotspots, { label, partsId: spot.partsId, x: spot.x, y: spot.y }],
          }
        : diagram,
    ),
  };
}

/**
 * The tool with the parts-list line at `index` moved one place up (-1) or down (1), the order the
 * list is kept and shown in; at the list's end it stays where it is. Positions stay as they are:
 * they are the numbers drawn on the diagrams.
 */
export function withPartMoved(tool: EditedTool, index: number, by: -1 | 1): EditedTool {
  const to = index + by;
  const moved = tool.parts[index];
  const other = tool.parts[to];
  if (!moved || !other) return tool;
  const parts = [...tool.parts];
  parts[to] = moved;
  parts[index] = other;
  return { ...tool, parts };
}
