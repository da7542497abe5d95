import { describe, expect, it } from 'vitest';
import { chunks, inChunks } from './chunks.js';

describe('chunks', () => {
  it('cuts a list into pieces of at most the size, in order', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).toEqual([]);
  });
});

describe('inChunks', () => {
  it('asks each value once, at most the size a query, and joins the rows', async () => {
    const asked: string[][] = [];
    const rows = await inChunks(['a', 'b', 'a', 'c', 'd', 'e'], 2, async (chunk) => {
      asked.push(chunk);
      return chunk.map((id) => ({ id }));
    });
    expect(asked).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(rows.map((row) => row.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('asks nothing for no values', async () => {
    let queries = 0;
    const read = async () => {
      queries += 1;
      return [];
    };
    expect(await inChunks(new Set<string>(), 500, read)).toEqual([]);
    expect(queries).toBe(0);
  });
});
