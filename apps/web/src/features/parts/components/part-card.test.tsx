import type { Part } from '@shop/contract/parts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PartCard } from './part-card';

const part: Part = {
  _id: '0190aaaa-0000-7000-8000-000000000001',
  name: 'Hot-air nozzle 8 mm',
  desc: 'For the 858D station',
  img: 'https://example.com/nozzle.webp',
  price_per_piece: 12,
  available_quantity: 40,
  min_order_quantity: 2,
  order_multiple: 1,
  price_breaks: [],
  attributes: {},
  lifecycle: 'active',
  documents: [],
  incoming: [],
  backorderable: false,
  backordered: 0,
};

const card = (shown: Part) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PartCard part={shown} />
    </MemoryRouter>,
  ).replaceAll('&#x27;', "'");

describe('a storefront card', () => {
  it("strikes the list price through and names the member's company price", () => {
    const member = card({ ...part, contractPrice: { unitPrice: 9 } });
    expect(member).toMatch(
      /<s[^>]*><span class="sr-only">List price, not yours: <\/span>\$12<\/s> per piece/,
    );
    expect(member).toContain("Your company's price: $9 a piece");
  });

  it('shows the list price alone to anyone else', () => {
    const anyone = card(part);
    expect(anyone).toContain('$12</span> per piece');
    expect(anyone).not.toMatch(/<s[ >]/);
    expect(anyone).not.toContain("Your company's price");
  });
});
