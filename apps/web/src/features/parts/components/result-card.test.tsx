import type { Part } from '@shop/contract/parts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ResultCard } from './result-card';

const part: Part = {
  _id: '0190aaaa-0000-7000-8000-000000000000',
  name: 'Soldering tip, bevel 3 mm',
  desc: 'For the 80 W station',
  img: 'https://example.com/tip.webp',
  price_per_piece: 9,
  available_quantity: 250,
  min_order_quantity: 10,
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
      <ResultCard part={shown} categories={[]} replacement={undefined} eager={false} />
    </MemoryRouter>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'");

describe('a search result', () => {
  it("names a member's company price beside the list price, and nothing for anyone else", () => {
    const member = card({ ...part, contractPrice: { unitPrice: 7, validUntil: '2027-06-30' } });
    expect(member).toContain("Your company's price: $7 a piece (until 30 Jun 2027)");
    expect(card(part)).not.toContain("Your company's price");
  });

  it('strikes the list price through for a member with a company price, saying so in words', () => {
    const member = renderToStaticMarkup(
      <MemoryRouter>
        <ResultCard
          part={{ ...part, contractPrice: { unitPrice: 7 } }}
          categories={[]}
          replacement={undefined}
          eager={false}
        />
      </MemoryRouter>,
    );
    expect(member).toMatch(/<s[^>]*><span class="sr-only">List price, not yours: <\/span>\$9<\/s>/);
    expect(card(part)).not.toContain('List price, not yours');
  });
});
