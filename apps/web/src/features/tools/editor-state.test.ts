import { describe, expect, it } from 'vitest';
import { emptyTool, shareOf, toolInput, withHotspot, withPartMoved } from './editor-state';

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

  it('moves a parts-list line up or down, keeping its position, and sends the list in that order', () => {
    const line = (partsId: string, position: string) => ({
      partsId,
      partsName: partsId,
      position,
      quantityPerTool: '1',
      wear: false,
    });
    const tool = { ...emptyTool(), parts: [line('tip', '1'), line('heater', '2'), line('sponge', '7')] };
    const ids = (edited: typeof tool) =>
      toolInput(edited).parts.map((part) => `${part.partsId}@${part.position}`);
    expect(ids(withPartMoved(tool, 2, -1))).toEqual(['tip@1', 'sponge@7', 'heater@2']);
    expect(ids(withPartMoved(withPartMoved(tool, 2, -1), 1, -1))).toEqual(['sponge@7', 'tip@1', 'heater@2']);
    expect(ids(withPartMoved(tool, 0, 1))).toEqual(['heater@2', 'tip@1', 'sponge@7']);
    // Past either end, or a line that is not there: nothing moves.
    expect(withPartMoved(tool, 0, -1)).toBe(tool);
    expect(withPartMoved(tool, 2, 1)).toBe(tool);
    expect(withPartMoved(tool, 5, -1)).toBe(tool);
    expect(tool.parts.map((part) => part.partsId)).toEqual(['tip', 'heater', 'sponge']);
  });
});
