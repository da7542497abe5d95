import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IncomingNote, ShipPlanNote, StockNote } from './availability-note';

const part = {
  available_quantity: 0,
  min_order_quantity: 50,
  order_multiple: 1,
  backorderable: true,
  incoming: [{ quantity: 300, expectedAt: '2099-01-12' }],
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('what a part says of when its pieces ship', () => {
  it('a backorderable result: Backorder and when its least order comes', () => {
    expect(text(renderToStaticMarkup(<StockNote part={part} />))).toBe('Backorder 50 expected 12 Jan 2099');
  });

  it('a result that cannot be ordered: Out of stock and what is incoming; one in stock: its pieces', () => {
    const out = { ...part, backorderable: false };
    expect(text(renderToStaticMarkup(<StockNote part={out} />))).toBe(
      'Out of stock Incoming: 300 pcs expected 12 Jan 2099',
    );
    expect(text(renderToStaticMarkup(<StockNote part={{ ...out, available_quantity: 80 }} />))).toBe(
      '80 pcs in stock',
    );
  });

  it('says nothing while the stock covers the quantity or the least order', () => {
    const stocked = { ...part, available_quantity: 100 };
    expect(renderToStaticMarkup(<ShipPlanNote part={stocked} quantity={100} />)).toBe('');
    expect(renderToStaticMarkup(<IncomingNote part={stocked} />)).toBe('');
    expect(text(renderToStaticMarkup(<ShipPlanNote part={stocked} quantity={150} />))).toBe(
      '100 ship now · 50 expected 12 Jan 2099',
    );
  });
});
