import { describe, expect, it } from 'vitest';
import { toolsAddress, toolsPageOf } from './tools-page';

describe('the page of tool models an address asks for', () => {
  it.each([
    ['https://shop.example/tools', 1],
    ['https://shop.example/tools?page=3', 3],
    ['https://shop.example/tools?page=0', 1],
    ['https://shop.example/tools?page=-2', 1],
    ['https://shop.example/tools?page=2.5', 1],
    ['https://shop.example/tools?page=lots', 1],
    ['https://shop.example/tools?page=99999999999999999999', 1],
    // A page whose offset would pass the largest whole number the API reads.
    [`https://shop.example/tools?page=${Number.MAX_SAFE_INTEGER}`, 1],
    ['https://shop.example/tools?page=450359962737049', 450359962737049],
  ])('%s → page %i', (url, page) => {
    expect(toolsPageOf(url)).toBe(page);
  });
});

describe('the address of a page of tool models', () => {
  it('is /tools for the first, with ?page= for the others', () => {
    expect(toolsAddress(1)).toBe('/tools');
    expect(toolsAddress(2)).toBe('/tools?page=2');
  });
});
