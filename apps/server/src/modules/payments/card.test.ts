import { hasExpired, passesLuhn } from '@shop/contract/cards';
import { describe, expect, it } from 'vitest';
import { testCardOutcome } from './card.js';

describe('cards', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
  });

  it('takes a card through the last day of its expiry month', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(hasExpired('11/26', now)).toBe(false);
    expect(hasExpired('10/26', now)).toBe(true);
    expect(hasExpired('01/27', now)).toBe(false);
    expect(hasExpired('12/99', now)).toBe(false);
  });

  it("answers Stripe's test cards as Stripe does", () => {
    expect(testCardOutcome('4242424242424242')).toEqual({ ok: true });
    expect(testCardOutcome('4000000000000002')).toMatchObject({ ok: false, declineCode: 'generic_decline' });
    expect(testCardOutcome('4111111111111111')).toMatchObject({ ok: false });
  });
});
