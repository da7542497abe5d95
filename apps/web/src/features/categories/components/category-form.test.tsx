import { UNSPSC_PATTERN } from '@shop/contract/catalog';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inTreeOrder } from '../tree';
import { CategoryForm, UNSPSC_HINT } from './category-form';

const placed = inTreeOrder([
  { _id: 'c1', name: 'Soldering', partCount: 0, attributes: [], unspsc: '12345678' },
  { _id: 'c2', name: 'Soldering tips', parentId: 'c1', partCount: 3, attributes: [] },
]);

const render = (category?: (typeof placed)[number]) =>
  renderToStaticMarkup(
    <CategoryForm
      {...(category ? { category } : {})}
      categories={placed}
      busy={false}
      onSubmit={() => undefined}
    />,
  );

/** The UNSPSC input's own markup, found by its label. */
function unspscInput(html: string): string {
  const id = /<label for="([^"]+)"[^>]*>UNSPSC code \(optional\)<\/label>/.exec(html)?.[1];
  expect(id).toBeDefined();
  const input = new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0];
  expect(input).toBeDefined();
  return input ?? '';
}

describe("the category editor's UNSPSC code", () => {
  it('is an optional field of 8 digits with its rule shown under it and read with it', () => {
    const html = render();
    const input = unspscInput(html);
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('maxLength="8"');
    expect(input).not.toContain('required');
    const hint = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    const shown = new RegExp(`<p id="${hint}"[^>]*>([^<]*)</p>`).exec(html)?.[1];
    expect(shown?.replaceAll('&#x27;', "'")).toBe(UNSPSC_HINT);
    expect(UNSPSC_HINT).toContain('8 digits, such as 27111700');
  });

  it('takes exactly 8 digits, as the server does', () => {
    for (const good of ['27111700', '12345678']) expect(UNSPSC_PATTERN.test(good), good).toBe(true);
    for (const bad of ['1234567', '123456789', '2711170A', '2711 1700', '２７１１１７００'])
      expect(UNSPSC_PATTERN.test(bad), bad).toBe(false);
  });
});
