import type { Category } from '@shop/contract/catalog';
import { describe, expect, it } from 'vitest';
import { categoryPath, specificationOf, valueText } from './specification';

const soldering: Category = { _id: 'a', name: 'Soldering', partCount: 10, attributes: [] };
const tips: Category = {
  _id: 'b',
  name: 'Soldering tips',
  parentId: 'a',
  partCount: 10,
  attributes: [
    { key: 'width', name: 'Tip width', type: 'number', unit: 'm' },
    { key: 'shape', name: 'Shape', type: 'text' },
    { key: 'lead_free', name: 'Lead-free', type: 'boolean' },
  ],
};

describe("a part's specification", () => {
  it('writes numbers as the API does, with their prefix and unit', () => {
    expect(valueText(0.0024, 'm')).toBe('2.4 mm');
    expect(valueText(4.7e-6, 'F')).toBe('4.7 µF');
    expect(valueText(10_000, 'Ω')).toBe('10 kΩ');
    expect(valueText(60, 'W')).toBe('60 W');
    expect(valueText(true)).toBe('Yes');
    expect(valueText('chisel')).toBe('chisel');
  });

  it("lists the values in the category's order under their names, and any other under its key", () => {
    const part = {
      categoryId: 'b',
      attributes: { lead_free: false, width: 0.0016, shape: 'bevel', extra: 3 },
    };
    expect(specificationOf(part, [soldering, tips])).toEqual([
      { key: 'width', name: 'Tip width', text: '1.6 mm' },
      { key: 'shape', name: 'Shape', text: 'bevel' },
      { key: 'lead_free', name: 'Lead-free', text: 'No' },
      { key: 'extra', name: 'extra', text: '3' },
    ]);
    // Without the categories (they could not be read), the values are still shown.
    expect(specificationOf({ attributes: { width: 0.0016 } }, null)).toEqual([
      { key: 'width', name: 'width', text: '0.0016' },
    ]);
  });

  it('names the categories from the top down to the chosen one', () => {
    expect(categoryPath([tips, soldering], 'b').map((c) => c.name)).toEqual(['Soldering', 'Soldering tips']);
    expect(categoryPath([tips, soldering], 'zz')).toEqual([]);
  });
});
