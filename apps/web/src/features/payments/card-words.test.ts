import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { CARD_WORDS, cardErrorInWords, checkCardField } from './card-words';

describe('the card form in words', () => {
  it('says what is wrong with a typed field as a sentence', () => {
    expect(checkCardField('number', '4242 4242 4242 4242')).toBe(true);
    expect(checkCardField('number', '4242 abcd')).toBe(CARD_WORDS.number);
    expect(checkCardField('number', '4242 4242 4242 4241')).toBe('The card number is not valid');
    expect(checkCardField('exp', '13/34')).toBe('Enter the expiry as MM/YY, such as 04/29');
    expect(checkCardField('exp', '01/20')).toBe('The card has expired');
    expect(checkCardField('exp', '12/99')).toBe(true);
    expect(checkCardField('cvc', '12')).toBe('Enter the 3 or 4 digits of the CVC');
    expect(checkCardField('cvc', '123')).toBe(true);
  });

  it("tells the API's refusals without field paths, and a decline as the provider words it", () => {
    const refused = (message: string) => new ApiError(400, 'Bad Request', 'validation', message);
    expect(cardErrorInWords(refused('card.number is not a valid card number'))).toBe(
      'The card number is not valid',
    );
    expect(cardErrorInWords(refused('card.exp is in the past: the card has expired'))).toBe(
      'The card has expired',
    );
    expect(cardErrorInWords(refused('card.exp must be MM/YY'))).toBe(CARD_WORDS.exp);
    expect(cardErrorInWords(refused('card.cvc must be 3 or 4 digits'))).toBe(CARD_WORDS.cvc);
    expect(cardErrorInWords(new ApiError(402, '', 'card_declined', 'Your card was declined.'))).toBe(
      'Your card was declined.',
    );
    expect(cardErrorInWords(null)).toBeUndefined();
  });
});
