import { describe, expect, it } from 'vitest';
import { emptyTool, shareOf, toolInput, withHotspot } from './editor-state';

describe('the tool editor', () => {
  it('turns a click into a share of the picture, kept inside it', () => {
    expect(shareOf(200, 800)).toBe(0.25);
    expect(shareOf(1, 3)).toBe(0.3333);
    expect(shareOf(-5, 800)).toBe(0);
    expect(shareOf(900, 800)).toBe(1);
    expect(shareOf(10, 0)).toBe(0);
  });

  it("labels a placed hotspot with its part's position, adding the part to the list at the next number", () => {
    const tool = {
      ...emptyTool(),
      diagrams: [{ key: 'a', title: 'Exploded', img: '/x.webp', hotspots: [] }],
      parts: [{ partsId: 'tip', partsName: 'Tip', position: '7', quantityPerTool: '1', wear: true }],
    };
    const once = withHotspot(tool, 'a', { partsId: 'tip', partsName: 'Tip', x: 0.1, y: 0.2 });
    expect(once.diagrams[0]?.hotspots).toEqual([{ label: '7', partsId: 'tip', x: 0.1, y: 0.2 }]);
    expect(once.parts).toHaveLength(1);
    const twice = withHotspot(once, 'a', { partsId: 'heater', partsName: 'Heater', x: 0.5, y: 0.5 });
    expect(twice.parts[1]).toEqual({
      partsId: 'heater',
      partsName: 'Heater',
      position: '8',
      quantityPerTool: '1',
      wear: false,
    });
    expect(twice.diagrams[0]?.hotspots[1]).toEqual({ label: '8', partsId: 'heater', x: 0.5, y: 0.5 });
    expect(toolInput(twice).parts).toEqual([
      { partsId: 'tip', position: '7', quantityPerTool: '1', wear: true },
      { partsId: 'heater', position: '8', quantityPerTool: '1', wear: false },
    ]);
  });
});
