import { describe, expect, it } from 'vitest';
import { toolsPageOf } from './tools-page';

describe('the page of tool models an address asks for', () => {
  it.each([
    ['https://shop.example/tools', 1],
    ['https://shop.example/tools?page=3', 3],
    ['https://shop.example/tools?page=0', 1],
    ['https://shop.example/tools?page=-2', 1],
    ['https://shop.example/tools?page=2.5', 1],
    ['https://shop.example/tools?page=lots', 1],
    ['https://shop.example/tools?page=99999999999999999999', 1],
  ])('%s → page %i', (url, page) => {
    expect(toolsPageOf(url)).toBe(page);
  });
});
