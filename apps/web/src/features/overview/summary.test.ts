import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeDays, formatDay, formatFullDay, totalsOf, waitedFor } from './summary';

const days = [
  { date: '2025-03-01', orders: 0, revenue: 0 },
  { date: '2025-03-02', orders: 4, revenue: 120 },
  { date: '2025-03-03', orders: 1, revenue: 1500 },
];

describe('the overview chart in words', () => {
  it('adds up the days', () => {
    expect(totalsOf(days)).toEqual({ orders: 5, revenue: 1620 });
  });

  it('names the span, the totals, the busiest day and the day most was paid', () => {
    expect(describeDays(days)).toBe(
      'From 1 Mar 2025 to 3 Mar 2025: 5 orders placed and $1,620 paid. Most orders on 2 Mar 2025 (4). Most paid on 3 Mar 2025 ($1,500).',
    );
  });

  it('says so when nothing happened', () => {
    expect(describeDays(days.slice(0, 1))).toBe(
      'From 1 Mar 2025 to 1 Mar 2025: 0 orders placed and $0 paid. No orders or payments on any day.',
    );
  });

  it('shows UTC days as they are, in any time zone', () => {
    expect(formatDay('2025-12-31')).toBe('31 Dec');
  });

  it('writes days as en-GB Intl.DateTimeFormat would', () => {
    expect(formatFullDay('2026-09-05')).toBe('5 Sept 2026');
    const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const full = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          expect(formatDay(day)).toBe(dayMonth.format(date));
          expect(formatFullDay(day)).toBe(full.format(date));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('how long the oldest order has waited', () => {
  const since = '2026-11-20T10:00:00.000Z';
  const after = (ms: number) => Date.parse(since) + ms;
  it('names the largest whole unit it reaches', () => {
    expect(waitedFor(since, after(30_000))).toBe('less than a minute');
    expect(waitedFor(since, after(60_000))).toBe('1 minute');
    expect(waitedFor(since, after(59 * 60_000))).toBe('59 minutes');
    expect(waitedFor(since, after(3_600_000))).toBe('1 hour');
    expect(waitedFor(since, after(23 * 3_600_000 + 59 * 60_000))).toBe('23 hours');
    expect(waitedFor(since, after(86_400_000))).toBe('1 day');
    expect(waitedFor(since, after(1_200 * 86_400_000))).toBe('1,200 days');
  });
  it('says less than a minute for a moment to come (a clock behind the server) or no moment', () => {
    expect(waitedFor(since, after(-5_000))).toBe('less than a minute');
    expect(waitedFor('not a date', after(0))).toBe('less than a minute');
  });
});
