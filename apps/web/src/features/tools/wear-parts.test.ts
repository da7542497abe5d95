import type { ToolPart } from '@shop/contract/tools';
import { describe, expect, it } from 'vitest';
import { onePartLine, wearPartLines } from './wear-parts';

const part = (
  partsId: string,
  quantityPerTool: number,
  wear: boolean,
  min = 1,
  inCatalog = true,
  multiple = 1,
): ToolPart => ({
  partsId,
  partsName: `Part ${partsId}`,
  position: '1',
  quantityPerTool,
  wear,
  ...(inCatalog
    ? {
        part: {
          img: '',
          price_per_piece: 1,
          available_quantity: 100,
          min_order_quantity: min,
          order_multiple: multiple,
          price_breaks: [],
        },
      }
    : {}),
});

describe('wearPartLines', () => {
  it("multiplies each wear part's quantity per tool by the count of tools and sums it over the fleet", () => {
    const station = [part('tip', 1, true), part('heater', 1, true), part('housing', 1, false)];
    const crimper = [part('spring', 2, true), part('tip', 3, true)];
    expect(
      wearPartLines([
        { count: 12, parts: station },
        { count: 3, parts: crimper },
        { count: 1, parts: station },
      ]),
    ).toEqual([
      { partsId: 'tip', quantity: 12 + 9 + 1 },
      { partsId: 'heater', quantity: 13 },
      { partsId: 'spring', quantity: 6 },
    ]);
  });

  it("orders at least each part's minimum, and leaves out parts no longer in the catalog", () => {
    expect(
      wearPartLines([{ count: 2, parts: [part('sponge', 1, true, 10), part('gone', 1, true, 1, false)] }]),
    ).toEqual([{ partsId: 'sponge', quantity: 10 }]);
  });

  it("raises each part's quantity to a multiple of its order multiple (a reel, a pack)", () => {
    expect(
      wearPartLines([
        { count: 3, parts: [part('tip', 7, true, 1, true, 10), part('o-ring', 2, true, 25, true, 20)] },
      ]),
    ).toEqual([
      { partsId: 'tip', quantity: 30 },
      { partsId: 'o-ring', quantity: 40 },
    ]);
  });

  it('has no lines for tools without wear parts', () => {
    expect(wearPartLines([{ count: 5, parts: [part('housing', 1, false)] }])).toEqual([]);
    expect(wearPartLines([])).toEqual([]);
  });
});

describe('onePartLine', () => {
  it("is the part's quantity per tool, at least its minimum order", () => {
    expect(onePartLine(part('tip', 1, true, 5))).toEqual({ partsId: 'tip', quantity: 5 });
    expect(onePartLine(part('spring', 20, true, 5))).toEqual({ partsId: 'spring', quantity: 20 });
    expect(onePartLine(part('gone', 1, true, 1, false))).toBeUndefined();
    expect(onePartLine(part('reel', 3, true, 1, true, 50))).toEqual({ partsId: 'reel', quantity: 50 });
  });
});
