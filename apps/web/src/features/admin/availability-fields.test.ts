import { describe, expect, it } from 'vitest';
import { incomingTotal, receivedText, toIncomingFields } from './availability-fields';

describe('toIncomingFields', () => {
  it('starts from the part: batches as typed, an unknown lead time empty', () => {
    expect(
      toIncomingFields({
        backorderable: true,
        incoming: [{ quantity: 500, expectedAt: '2026-03-01' }],
      }),
    ).toEqual({
      backorderable: true,
      leadTimeDays: '',
      batches: [{ quantity: '500', expectedAt: '2026-03-01' }],
    });
    expect(toIncomingFields({ backorderable: false, leadTimeDays: 0, incoming: [] }).leadTimeDays).toBe('0');
  });
});

describe('incomingTotal', () => {
  it('adds up the batches', () => {
    expect(incomingTotal([])).toBe(0);
    expect(incomingTotal([{ quantity: 500 }, { quantity: 200 }])).toBe(700);
  });
});

describe('receivedText', () => {
  const orderA = '01a225aa-eb12-7000-b9b1-1d52e783fc21';
  const orderB = '01a225aa-eb12-7000-b9b1-1d52e783fc22';
  const orderC = '01a225aa-eb12-7000-b9b1-1d52e783fc23';

  it('tells the pieces that went to waiting orders and to stock', () => {
    const received = {
      available_quantity: 100,
      allocated: [
        { orderId: orderA, quantity: 300 },
        { orderId: orderB, quantity: 200 },
        { orderId: orderC, quantity: 100 },
      ],
    };
    expect(receivedText(received, 700)).toBe('600 to 3 waiting orders, 100 to stock');
  });

  it('leaves out stock when every piece went to orders, and orders when none waited', () => {
    const one = { available_quantity: 0, allocated: [{ orderId: orderA, quantity: 1200 }] };
    expect(receivedText(one, 1200)).toBe('1,200 to 1 waiting order');
    expect(receivedText({ available_quantity: 50, allocated: [] }, 50)).toBe('50 to stock');
  });
});
