import { describe, expect, it } from 'vitest';
import { partsPastTheirDay, pastDayMessage, todayUtc } from './price-rows';

describe("the admin's contract prices before they are saved", () => {
  it('finds the prices whose last day is before today; today itself and no day still apply', () => {
    const rows = [
      { partsId: 'a', unitPrice: '5', validUntil: '2026-03-31' },
      { partsId: 'b', unitPrice: '5', validUntil: '2026-04-01' },
      { partsId: 'c', unitPrice: '5', validUntil: '' },
      { partsId: 'd', unitPrice: '5', validUntil: '2025-12-31' },
    ];
    expect([...partsPastTheirDay(rows, '2026-04-01')]).toEqual(['a', 'd']);
  });

  it('lets a price that ran out stay as it was saved, not changed', () => {
    const saved = { unitPrice: '5', validUntil: '2025-12-31' };
    const rows = [
      { partsId: 'kept', ...saved, saved },
      { partsId: 'repriced', unitPrice: '4', validUntil: '2025-12-31', saved },
      { partsId: 'redated', unitPrice: '5', validUntil: '2025-12-30', saved },
    ];
    expect([...partsPastTheirDay(rows, '2026-04-01')]).toEqual(['repriced', 'redated']);
  });

  it('counts the day in UTC', () => {
    expect(todayUtc(new Date('2026-04-01T23:30:00-05:00'))).toBe('2026-04-02');
  });

  it('names the one part, or counts several', () => {
    expect(pastDayMessage(['Heat Shrink Kit'])).toBe(
      'Heat Shrink Kit has a last day in the past: give a new last day or remove the price, then save.',
    );
    expect(pastDayMessage(['A', 'B'])).toMatch(/^2 prices have last days in the past/);
  });
});
