import { describe, expect, it } from 'vitest';
import { aLine, anOrder } from '../../test-support/orders';
import {
  adjustmentText,
  dropQuestion,
  holdsPieces,
  lineProgressText,
  shipmentLinesText,
  tellsLines,
} from './delivery';

const line = {
  ...aLine({ partsId: 'p1', partsName: 'Crimping Tool', quantity: 2000, unitPrice: 1, price: 2000 }),
  allocated: 600,
  backordered: 1400,
  expectedAt: '2027-01-12',
};

describe("where an order's pieces are", () => {
  it('names what each line holds, the waiting pieces with their day, leaving out what is 0', () => {
    expect(lineProgressText(line)).toBe('600 allocated · 1,400 waiting, expected 12 Jan 2027');
    expect(lineProgressText({ ...line, allocated: 0, shipped: 600, expectedAt: undefined })).toBe(
      '1,400 waiting (date not yet known) · 600 shipped',
    );
    expect(lineProgressText({ ...line, allocated: 0, backordered: 0, shipped: 600, dropped: 1400 })).toBe(
      '600 shipped · 1,400 dropped',
    );
  });

  it('tells the lines of an order that waits, shipped in part or dropped; not of one all set aside', () => {
    expect(tellsLines(anOrder({ lines: [line] }))).toBe(true);
    expect(tellsLines(anOrder({ lines: [{ ...line, allocated: 2000, backordered: 0 }] }))).toBe(false);
    expect(holdsPieces(anOrder({ status: 'cancelled' }))).toBe(false);
    expect(holdsPieces(anOrder({ expiredAt: '2026-11-03T10:00:00.000Z' }))).toBe(false);
    expect(holdsPieces(anOrder({ paymentId: 'pi_1' }))).toBe(true);
  });

  it("names a shipment's lines by their parts", () => {
    const order = anOrder({ lines: [line] });
    expect(shipmentLinesText({ lines: [{ partsId: 'p1', quantity: 600 }] }, order)).toEqual([
      '600 pcs Crimping Tool',
    ]);
  });

  it('words refunds and credit notes, and what dropping does to the money', () => {
    expect(adjustmentText({ kind: 'refund_due', amount: 1400 })).toBe('Refund due $1,400');
    expect(adjustmentText({ kind: 'credit_note', amount: 1400, number: 'CN-000001' })).toBe(
      'Credit note CN-000001 $1,400',
    );
    const order = anOrder({ number: 'SO-000042' });
    expect(dropQuestion({ ...order, paymentId: 'pi_1' }, line)).toBe(
      'Drop the 1,400 pcs of Crimping Tool still waiting on order SO-000042. Their price is refunded to you.',
    );
    expect(dropQuestion({ ...order, dueDate: '2026-12-02' }, line)).toMatch(/A credit note is issued/);
    expect(dropQuestion(order, line)).toMatch(/The order costs less by their price\.$/);
  });
});
