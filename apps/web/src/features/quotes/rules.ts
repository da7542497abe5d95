import { zodResolver } from '@hookform/resolvers/zod';
import { QuoteMessageBody, QuoteOfferBody, QuoteRequestBody } from '@shop/contract/quotes';
import { z } from 'zod';
import { endOfDayIso } from './quote-lines';

/** The quotes' forms' rules, the API's own; loaded when a form is first used (see lazyRules). */
export const requestRules = zodResolver(QuoteRequestBody);

export const messageRules = zodResolver(QuoteMessageBody);

/**
 * The offer as the form has it: "Valid until" a day, sent as the end of that day; a day that is
 * already over cannot be chosen. The rest is the API's own rules.
 */
export const offerRules = zodResolver(
  QuoteOfferBody.extend({
    validUntil: z
      .string()
      .transform((day, ctx) => {
        const iso = endOfDayIso(day);
        if (!iso) {
          ctx.addIssue({ code: 'custom', message: 'Choose the last day the offer holds' });
          return z.NEVER;
        }
        if (Date.parse(iso) <= Date.now()) {
          ctx.addIssue({ code: 'custom', message: 'Choose today or a day to come' });
          return z.NEVER;
        }
        return iso;
      })
      .pipe(QuoteOfferBody.shape.validUntil),
  }),
);
