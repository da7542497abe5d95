import { MAX_ORDER_LINES } from '@shop/contract/order-limits';
import { describe, expect, it } from 'vitest';
import {
  canOffer,
  dayOf,
  endOfDayIso,
  isOpenOffer,
  linePrice,
  parseLinesParam,
  quoteRequestPath,
  quoteTotal,
} from './quote-lines';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('parseLinesParam', () => {
  it('reads part:quantity pairs, quantities as written', () => {
    expect(parseLinesParam(`${A}:5000,${B}:3`)).toEqual([
      { partsId: A, quantity: '5000' },
      { partsId: B, quantity: '3' },
    ]);
  });
  it('gives a missing quantity 1 and keeps one written wrong for the form to check', () => {
    expect(parseLinesParam(`${A},${B}:x`)).toEqual([
      { partsId: A, quantity: '1' },
      { partsId: B, quantity: 'x' },
    ]);
  });
  it('leaves out empty and odd entries and a part named again', () => {
    expect(parseLinesParam(`,${A}:2,<script>:1,${A}:9, :4`)).toEqual([{ partsId: A, quantity: '2' }]);
    expect(parseLinesParam(null)).toEqual([]);
    expect(parseLinesParam('')).toEqual([]);
  });
  it('keeps at most the lines an order may have', () => {
    const many = Array.from({ length: MAX_ORDER_LINES + 5 }, (_, i) => `part-${i}:1`).join(',');
    expect(parseLinesParam(many)).toHaveLength(MAX_ORDER_LINES);
  });
  it('reads back what quoteRequestPath writes', () => {
    const path = quoteRequestPath([
      { partsId: A, quantity: 12000, reference: 'R1:R4, C7 / 100% board' },
      { partsId: B, quantity: ' 2 ' },
    ]);
    expect(path.startsWith('/quotes/new?lines=')).toBe(true);
    const param = new URLSearchParams(path.split('?')[1]).get('lines');
    expect(parseLinesParam(param)).toEqual([
      { partsId: A, quantity: '12000', reference: 'R1:R4, C7 / 100% board' },
      { partsId: B, quantity: '2' },
    ]);
  });
  it('leaves out a reference it cannot read', () => {
    expect(parseLinesParam(`${A}:5:%E0%A4%A,${B}:3:`)).toEqual([
      { partsId: A, quantity: '5' },
      { partsId: B, quantity: '3' },
    ]);
  });
});

describe('totals', () => {
  const line = (quantity: number, unitPrice?: number) => ({
    partsId: A,
    partsName: 'Drill',
    quantity,
    ...(unitPrice === undefined ? {} : { unitPrice }),
  });
  it('prices a line at its offered price', () => {
    expect(linePrice(line(3000, 7))).toBe(21000);
    expect(linePrice(line(3000))).toBeUndefined();
  });
  it('totals an offer only once every line is priced', () => {
    expect(quoteTotal([line(3000, 7), line(10, 150)])).toBe(22500);
    expect(quoteTotal([line(3000, 7), line(10)])).toBeUndefined();
    expect(quoteTotal([])).toBe(0);
  });
});

describe('offers', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  it('is open while offered and valid', () => {
    expect(isOpenOffer({ status: 'offered', validUntil: '2026-06-02T00:00:00Z' }, now)).toBe(true);
    expect(isOpenOffer({ status: 'offered', validUntil: '2026-06-01T11:59:59Z' }, now)).toBe(false);
    expect(isOpenOffer({ status: 'offered' }, now)).toBe(false);
    expect(isOpenOffer({ status: 'requested', validUntil: '2026-06-02T00:00:00Z' }, now)).toBe(false);
    expect(isOpenOffer({ status: 'accepted', validUntil: '2026-06-02T00:00:00Z' }, now)).toBe(false);
  });
  it('may be made until accepted or declined', () => {
    expect(canOffer('requested')).toBe(true);
    expect(canOffer('offered')).toBe(true);
    expect(canOffer('expired')).toBe(true);
    expect(canOffer('accepted')).toBe(false);
    expect(canOffer('declined')).toBe(false);
  });
});

describe('endOfDayIso', () => {
  it('is the last moment of that day, local time', () => {
    const iso = endOfDayIso('2026-07-31');
    expect(iso).toBeDefined();
    const at = new Date(iso ?? '');
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([
      2026, 6, 31, 23, 59,
    ]);
    expect(dayOf(iso)).toBe('2026-07-31');
  });
  it('refuses what is no day', () => {
    expect(endOfDayIso('')).toBeUndefined();
    expect(endOfDayIso('2026-02-30')).toBeUndefined();
    expect(endOfDayIso('31/07/2026')).toBeUndefined();
    expect(dayOf(undefined)).toBe('');
  });
});
