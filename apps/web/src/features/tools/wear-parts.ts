import { orderQuantityFor } from '@shop/contract/order-multiple';
import type { ToolPart } from '@shop/contract/tools';
import type { BuilderLine } from '../order-builder';

/** Tools of one model and how many of them: a tool's page (one), or a fleet's entry. */
export interface CountedTool {
  count: number;
  parts: readonly ToolPart[];
}

/**
 * The order builder's lines for the wear parts of these tools: each part's quantity per tool
 * times the count of tools, summed over the tools, at least the part's minimum order and raised
 * to its order multiple (orderQuantityFor). Parts no longer in the catalog are left out; lines
 * keep the order the parts first come in.
 */
export function wearPartLines(tools: readonly CountedTool[]): BuilderLine[] {
  const needed = new Map<string, { quantity: number; part: NonNullable<ToolPart['part']> }>();
  for (const tool of tools)
    for (const part of tool.parts) {
      if (!part.wear || !part.part) continue;
      const line = needed.get(part.partsId) ?? { quantity: 0, part: part.part };
      line.quantity += part.quantityPerTool * tool.count;
      needed.set(part.partsId, line);
    }
  return [...needed].map(([partsId, line]) => ({
    partsId,
    quantity: orderQuantityFor(line.part, line.quantity),
  }));
}

/** A part's line for the order builder: its quantity per tool, at least its minimum order, in its multiples. */
export function onePartLine(part: ToolPart): BuilderLine | undefined {
  if (!part.part) return undefined;
  return { partsId: part.partsId, quantity: orderQuantityFor(part.part, part.quantityPerTool) };
}
