import { z } from 'zod';
import { Id, NO_CONTROL_MESSAGE, noControlCharacters } from './primitives.js';

/** docs/product.md §9: the largest amount a card payment may be, in cents. */
export const AMOUNT_LIMIT_CENTS = 999_999;
/** docs/product.md §8, word for word. */
export const AMOUNT_LIMIT_MESSAGE = 'Amount Limit Crossed. Limit: 9,999.99/-';

/** Where the card form would be when the shop takes no cards (503 `payments_not_configured`). */
export const PAYMENTS_NOT_CONFIGURED_MESSAGE =
  'Card payments are not available right now. Please contact us to pay for your order.';

/** docs/product.md sends the whole order; only its id is used. */
export const PaymentIntentBody = z.object({ _id: Id });
export const ClientSecretAnswer = z.object({ clientSecret: z.string() });

export const PaymentBody = z.object({
  paymentId: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(255, 'is too long')
    .refine(noControlCharacters, NO_CONTROL_MESSAGE),
});

/** Which card provider the shop uses, for the payment page. */
export const PaymentsConfig = z.object({
  provider: z
    .enum(['test', 'stripe', 'none'])
    .describe(
      "test: the shop's own processor of test cards; stripe; none: the shop takes no cards now (the payment calls answer 503 payments_not_configured)",
    ),
  testMode: z
    .boolean()
    .describe('true when cards are test cards and no money moves: the payment page says "Test mode"'),
  publishableKey: z.string().optional().describe("Stripe's publishable key (stripe only)"),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** docs/api.md precise point 1: the built-in test provider's card. */
export const TestCard = z.object({
  number: z
    .string({ error: 'must be the card number as digits' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits')),
  exp: z
    .string({ error: 'must be MM/YY' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY'),
  cvc: z
    .string({ error: 'must be 3 or 4 digits' })
    .trim()
    .regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
});
export type TestCard = z.output<typeof TestCard>;

export const TestConfirmBody = z.object({
  clientSecret: z
    .string({ error: 'must be text' })
    .min(1, 'is required')
    .max(255, 'is too long')
    .refine(noControlCharacters, NO_CONTROL_MESSAGE),
  card: TestCard,
});

export const TestConfirmAnswer = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string() }),
});
