export type CardOutcome = { ok: true } | { ok: false; declineCode: string; message: string };

/** Stripe's test cards, as Stripe's test mode answers them. */
const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '4000056655665556': { ok: true },
  '5555555555554444': { ok: true },
  '4000000000000002': { ok: false, declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    ok: false,
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export function testCardOutcome(number: string): CardOutcome {
  return (
    TEST_CARDS[number] ?? {
      ok: false,
      declineCode: 'test_mode_live_card',
      message: 'Your card was declined. This shop takes test cards only, such as 4242 4242 4242 4242.',
    }
  );
}
