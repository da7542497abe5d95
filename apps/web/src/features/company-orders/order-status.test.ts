import { describe, expect, it } from 'vitest';
import { anOrder } from '../../test-support/orders';
import {
  cardPaymentRefusal,
  formatDueDate,
  invoicedText,
  isOverdue,
  orderStanding,
  pendingReason,
  standingLabel,
} from './order-status';

const now = new Date('2026-12-10T12:00:00.000Z');

describe('orderStanding', () => {
  it('an order of no company, unpaid, awaits payment; paid is paid', () => {
    expect(orderStanding(anOrder(), now)).toEqual({ kind: 'unpaid' });
    expect(orderStanding(anOrder({ paymentId: 'pi_1' }), now)).toEqual({ kind: 'paid' });
  });

  it('a company order past the limit waits; approved it awaits payment like any; rejected is rejected', () => {
    expect(orderStanding(anOrder({ companyId: 'c', approval: 'pending' }), now).kind).toBe('pending');
    expect(orderStanding(anOrder({ companyId: 'c', approval: 'approved' }), now).kind).toBe('unpaid');
    expect(orderStanding(anOrder({ companyId: 'c', approval: 'rejected' }), now).kind).toBe('rejected');
    // Rejected orders' pieces went back: rejected says more than expired.
    expect(orderStanding(anOrder({ approval: 'rejected', expiredAt: '2026-12-01' }), now).kind).toBe(
      'rejected',
    );
    expect(orderStanding(anOrder({ expiredAt: '2026-12-01' }), now).kind).toBe('expired');
  });

  it('a cancelled order is cancelled, even one that waited for approval, and takes no card', () => {
    const cancelled = { status: 'cancelled', cancelledAt: '2026-12-01T10:00:00.000Z' } as const;
    expect(orderStanding(anOrder(cancelled), now)).toEqual({ kind: 'cancelled' });
    expect(orderStanding(anOrder({ ...cancelled, companyId: 'c', approval: 'pending' }), now).kind).toBe(
      'cancelled',
    );
    expect(standingLabel({ kind: 'cancelled' })).toBe('Cancelled');
    expect(cardPaymentRefusal(anOrder(cancelled))).toMatch(/^This order was cancelled: it cannot be paid/);
  });

  it('a net-30 order is invoiced until settled, overdue once its due day is over', () => {
    const invoiced = { companyId: 'c', invoiceNumber: 'INV-000042' };
    expect(orderStanding(anOrder({ ...invoiced, dueDate: '2026-12-10T09:00:00.000Z' }), now)).toEqual({
      kind: 'invoiced',
      dueDate: '2026-12-10T09:00:00.000Z',
      overdue: false,
    });
    expect(orderStanding(anOrder({ ...invoiced, dueDate: '2026-12-09' }), now)).toMatchObject({
      overdue: true,
    });
    expect(
      orderStanding(anOrder({ ...invoiced, dueDate: '2026-12-09', paymentId: 'settled' }), now).kind,
    ).toBe('paid');
  });
});

describe('the words', () => {
  it('due dates are the UTC day, en-GB', () => {
    expect(formatDueDate('2026-12-25')).toBe('25 Dec 2026');
    expect(formatDueDate('2027-09-01T23:30:00.000Z')).toBe('1 Sept 2027');
    expect(isOverdue('2026-12-09T23:59:59.000Z', now)).toBe(true);
    expect(isOverdue('2026-12-10', now)).toBe(false);
  });

  it('each standing has its label', () => {
    expect(standingLabel({ kind: 'pending' })).toBe('Waiting for approval');
    expect(standingLabel({ kind: 'rejected' })).toBe('Rejected');
    expect(standingLabel({ kind: 'invoiced', dueDate: '2026-12-25', overdue: false })).toBe(
      'Invoiced, due 25 Dec 2026',
    );
    expect(standingLabel({ kind: 'invoiced', dueDate: '2026-12-01', overdue: true })).toBe(
      'Overdue, due 1 Dec 2026',
    );
  });

  it('a waiting order says why, with the limit when it is known', () => {
    expect(pendingReason(2500)).toBe(
      "Waiting for your company's approval: it takes your orders this month past your monthly limit of $2,500.",
    );
    expect(pendingReason(undefined)).toBe(
      "Waiting for your company's approval: it takes your orders this month past your monthly spending limit.",
    );
  });

  it('an invoiced order names its invoice and due date', () => {
    expect(invoicedText({ invoiceNumber: 'INV-000042', dueDate: '2026-12-25T00:00:00.000Z' })).toBe(
      'Invoiced INV-000042 — due 25 Dec 2026 (30-day terms)',
    );
  });
});

describe('cardPaymentRefusal', () => {
  it('refuses a card for orders waiting, rejected or on 30-day terms, and no other', () => {
    expect(cardPaymentRefusal(anOrder({ approval: 'pending' }))).toMatch(
      /waiting for your company's approval/,
    );
    expect(cardPaymentRefusal(anOrder({ approval: 'rejected' }))).toMatch(/rejected this order/);
    expect(cardPaymentRefusal(anOrder({ invoiceNumber: 'INV-000007', dueDate: '2026-12-25' }))).toBe(
      "This order is on your company's 30-day terms: no card is needed. Invoiced INV-000007 — due 25 Dec 2026 (30-day terms); pay it by bank transfer.",
    );
    expect(cardPaymentRefusal(anOrder())).toBeNull();
    expect(cardPaymentRefusal(anOrder({ approval: 'approved', companyId: 'c' }))).toBeNull();
    expect(cardPaymentRefusal(anOrder({ paymentId: 'pi_1', dueDate: '2026-12-25' }))).toBeNull();
  });
});
