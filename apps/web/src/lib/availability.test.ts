import { describe, expect, it } from 'vitest';
import { availabilityNote, formatDay, incomingNote, shipPlanText, todayDay, waitsFor } from './availability';

const part = {
  available_quantity: 600,
  backorderable: true,
  incoming: [
    { quantity: 500, expectedAt: '2027-02-03' },
    { quantity: 1000, expectedAt: '2027-01-12' },
  ],
  backordered: 0,
};

describe('when pieces ship, as a buyer reads it', () => {
  it('writes a day as the shop does, without a time zone', () => {
    expect(formatDay('2027-01-12')).toBe('12 Jan 2027');
    expect(formatDay('2026-12-01T23:30:00.000Z')).toBe('1 Dec 2026');
    expect(todayDay(new Date('2026-11-29T23:59:00Z'))).toBe('2026-11-29');
  });

  it('says what ships now and when the rest is expected, batch by batch', () => {
    expect(availabilityNote(part, 2000, '2026-11-29')).toBe(
      '600 ship now · 1,000 expected 12 Jan 2027 · 400 expected 3 Feb 2027',
    );
    expect(shipPlanText({ now: 1, later: [{ quantity: 1400 }] })).toBe(
      '1 ships now · 1,400 later (date not yet known)',
    );
  });

  it('counts the lead time for what no batch covers, and the pieces others wait for first', () => {
    const lead = { ...part, available_quantity: 0, incoming: [], leadTimeDays: 10 };
    expect(availabilityNote(lead, 50, '2026-11-29')).toBe('50 expected 9 Dec 2026');
    expect(availabilityNote({ ...part, available_quantity: 0, backordered: 1000 }, 600, '2026-11-29')).toBe(
      '500 expected 3 Feb 2027 · 100 later (date not yet known)',
    );
  });

  it('says nothing when the stock covers the pieces, or the part may not be backordered', () => {
    expect(availabilityNote(part, 600)).toBeUndefined();
    expect(availabilityNote({ ...part, backorderable: false }, 2000)).toBeUndefined();
    expect(waitsFor(part, 601)).toBe(true);
    expect(waitsFor({ ...part, backorderable: false }, 601)).toBe(false);
  });

  it('tells of incoming batches earliest first, else of a backorderable part its lead time', () => {
    expect(incomingNote(part)).toBe('Incoming: 1,000 pcs expected 12 Jan 2027 · 500 pcs expected 3 Feb 2027');
    expect(incomingNote({ ...part, incoming: [], leadTimeDays: 1 })).toBe('Lead time 1 day');
    expect(incomingNote({ ...part, incoming: [], backorderable: false, leadTimeDays: 5 })).toBeUndefined();
  });
});
