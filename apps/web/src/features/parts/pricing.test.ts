import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/order-limits';
import type { Part } from '@shop/contract/parts';
import { describe, expect, it } from 'vitest';
import { savingPercent } from '../../lib/pricing';
import { priceTable, quoteFor } from './pricing';

const part: Part = {
  _id: '0190aaaa-0000-7000-8000-000000000000',
  name: 'Relay board',
  desc: 'Eight channels',
  img: 'https://example.com/relay.webp',
  price_per_piece: 30,
  available_quantity: 5000,
  min_order_quantity: 100,
  order_multiple: 1,
  price_breaks: [
    { min_quantity: 500, price_per_piece: 27 },
    { min_quantity: 1000, price_per_piece: 20 },
  ],
  attributes: {},
  incoming: [],
  backorderable: false,
  backordered: 0,
  lifecycle: 'active',
  documents: [],
};

describe("a part's prices by quantity", () => {
  it('lists the list price from the minimum order, then each break with its saving', () => {
    expect(priceTable(part)).toEqual([
      { from: 100, price: 30, savingPercent: 0 },
      { from: 500, price: 27, savingPercent: 10 },
      { from: 1000, price: 20, savingPercent: 33 },
    ]);
    expect(priceTable({ ...part, price_breaks: [] })).toEqual([{ from: 100, price: 30, savingPercent: 0 }]);
  });

  it('rounds the saving to whole percent', () => {
    expect(savingPercent(3, 1)).toBe(67);
    expect(savingPercent(3, 2)).toBe(33);
    expect(savingPercent(200, 199)).toBe(1);
    expect(savingPercent(0, 0)).toBe(0);
  });

  it('prices a quantity at the break it reaches, with its total and saving', () => {
    expect(quoteFor(part, '100')).toEqual({
      inRange: true,
      quantity: 100,
      unitPrice: 30,
      total: 3000,
      saving: 0,
      savingPercent: 0,
    });
    expect(quoteFor(part, '499')).toMatchObject({ unitPrice: 30, total: 14970 });
    expect(quoteFor(part, '500')).toMatchObject({
      unitPrice: 27,
      total: 13500,
      saving: 1500,
      savingPercent: 10,
    });
    expect(quoteFor(part, ' 1000 ')).toMatchObject({ unitPrice: 20, total: 20000, saving: 10000 });
    expect(quoteFor(part, '5000')).toMatchObject({ unitPrice: 20, total: 100000 });
  });

  it('refuses a quantity out of range or not a whole number', () => {
    for (const typed of ['99', '5001', '0', '', '-100', '150.5', '1e3', 'abc', '99999999999'])
      expect(quoteFor(part, typed), typed).toEqual({ inRange: false, problem: OUT_OF_RANGE_MESSAGE });
    expect(quoteFor({ ...part, available_quantity: 50 }, '100')).toEqual({
      inRange: false,
      problem: OUT_OF_RANGE_MESSAGE,
    });
  });

  it("refuses a quantity off the part's order multiple, naming it", () => {
    const reel = { ...part, order_multiple: 250 };
    expect(quoteFor(reel, '600')).toEqual({
      inRange: false,
      problem: 'Quantity of Relay board must be a multiple of 250',
    });
    expect(quoteFor(reel, '750')).toMatchObject({ inRange: true, quantity: 750, unitPrice: 27 });
  });
});

describe("a company's contract price", () => {
  const contracted = { ...part, contractPrice: { unitPrice: 25, validUntil: '2030-01-31' } };
  it('is paid where it is below the list price for the quantity, else the break is', () => {
    expect(quoteFor(contracted, '100')).toMatchObject({ inRange: true, unitPrice: 25, total: 2500 });
    expect(quoteFor(contracted, '600')).toMatchObject({ inRange: true, unitPrice: 25 });
    expect(quoteFor(contracted, '1000')).toMatchObject({ inRange: true, unitPrice: 20 });
  });
});
