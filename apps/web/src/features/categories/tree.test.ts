import { describe, expect, it } from 'vitest';
import { inTreeOrder } from './tree';

const category = (_id: string, name: string, parentId?: string) => ({
  _id,
  name,
  ...(parentId ? { parentId } : {}),
  partCount: 0,
  attributes: [],
});

describe('categories in tree order', () => {
  it('puts each category under its parent, by name, with its path and depth', () => {
    const placed = inTreeOrder([
      category('t', 'Tips', 's'),
      category('s', 'Soldering'),
      category('a', 'Accessories'),
      category('h', 'Heating elements', 's'),
      category('c', 'Chisel tips', 't'),
    ]);
    expect(placed.map((c) => [c.path, c.depth])).toEqual([
      ['Accessories', 0],
      ['Soldering', 0],
      ['Soldering › Heating elements', 1],
      ['Soldering › Tips', 1],
      ['Soldering › Tips › Chisel tips', 2],
    ]);
  });

  it('shows a category whose parent is not listed at the top', () => {
    expect(inTreeOrder([category('x', 'Loose', 'gone')]).map((c) => c.path)).toEqual(['Loose']);
  });
});
