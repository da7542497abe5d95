import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayAfter, lastExpected, type PartAvailability, shipPlan } from './availability.js';

const TODAY = '2026-11-29';

const part = (fields: Partial<PartAvailability> = {}): PartAvailability => ({
  available_quantity: 600,
  backorderable: true,
  incoming: [],
  ...fields,
});

describe('what ships when', () => {
  it('ships from stock now, then from the batches by day, then by the lead time', () => {
    const plan = shipPlan(
      part({
        incoming: [
          { quantity: 1000, expectedAt: '2027-01-12' },
          { quantity: 500, expectedAt: '2027-01-05' },
        ],
        leadTimeDays: 30,
      }),
      2400,
      TODAY,
    );
    expect(plan).toEqual({
      now: 600,
      later: [
        { quantity: 500, expectedAt: '2027-01-05' },
        // What no batch covers comes after the lead time, and never before the last batch.
        { quantity: 1300, expectedAt: '2027-01-12' },
      ],
    });
    expect(lastExpected(plan)).toBe('2027-01-12');
    const longLead = shipPlan(
      part({ incoming: [{ quantity: 100, expectedAt: '2027-01-05' }], leadTimeDays: 60 }),
      800,
      TODAY,
    );
    expect(longLead.later).toEqual([
      { quantity: 100, expectedAt: '2027-01-05' },
      { quantity: 100, expectedAt: '2027-01-28' },
    ]);
  });

  it('serves the orders waiting already first, and leaves a date unknown without a lead time', () => {
    const plan = shipPlan(
      part({
        available_quantity: 0,
        incoming: [{ quantity: 100, expectedAt: '2027-01-05' }],
        backordered: 80,
      }),
      50,
      TODAY,
    );
    expect(plan).toEqual({ now: 0, later: [{ quantity: 20, expectedAt: '2027-01-05' }, { quantity: 30 }] });
    expect(lastExpected(plan)).toBeUndefined();
  });

  it('names every piece once, whatever the stock, batches and waiting orders', () => {
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 500 }),
            expectedAt: fc.constantFrom('2027-01-05', '2027-02-01', '2027-03-15'),
          }),
          { maxLength: 5 },
        ),
        fc.nat(2000),
        fc.integer({ min: 1, max: 5000 }),
        fc.option(fc.nat(365), { nil: undefined }),
        (stock, incoming, backordered, quantity, leadTimeDays) => {
          const plan = shipPlan(
            part({ available_quantity: stock, incoming, backordered, leadTimeDays }),
            quantity,
            TODAY,
          );
          const pieces = plan.now + plan.later.reduce((sum, later) => sum + later.quantity, 0);
          expect(pieces).toBe(quantity);
          expect(plan.now).toBe(Math.min(stock, quantity));
          // In the order they come: batches by day, what no batch covers last.
          const days = plan.later.flatMap((later) => (later.expectedAt ? [later.expectedAt] : []));
          expect([...days].sort()).toEqual(days);
        },
      ),
    );
  });

  it('counts days across months and years', () => {
    expect(dayAfter('2026-12-20', 14)).toBe('2027-01-03');
  });
});
