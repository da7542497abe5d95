import { hasExpired, passesLuhn } from '@shop/contract/cards';
import { TestCard } from '@shop/contract/payments';
import { ApiError } from '../../lib/api-client';

/** What the card form says of each field, in a person's words (not the API's field paths). */
export const CARD_WORDS = {
  number: 'Enter the card number: 12 to 19 digits',
  invalidNumber: 'The card number is not valid',
  exp: 'Enter the expiry as MM/YY, such as 04/29',
  expired: 'The card has expired',
  cvc: 'Enter the 3 or 4 digits of the CVC',
} as const;

/** Why a typed card field cannot be sent, or true when it can. */
export function checkCardField(field: 'number' | 'exp' | 'cvc', value: string): true | string {
  const read = TestCard.shape[field].safeParse(value);
  if (!read.success) return CARD_WORDS[field];
  if (field === 'number' && !passesLuhn(read.data)) return CARD_WORDS.invalidNumber;
  if (field === 'exp' && hasExpired(read.data)) return CARD_WORDS.expired;
  return true;
}

/**
 * A failed card payment told in words: the provider's own decline ("Your card was declined.") as
 * it is, a refused field (the API's `card.number …`) as the form says it.
 */
export function cardErrorInWords(error: Error | null): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError) || error.status !== 400) return error.message;
  if (error.message.startsWith('card.number')) return CARD_WORDS.invalidNumber;
  if (error.message.startsWith('card.exp'))
    return /past|expired/.test(error.message) ? CARD_WORDS.expired : CARD_WORDS.exp;
  if (error.message.startsWith('card.cvc')) return CARD_WORDS.cvc;
  return error.message;
}
