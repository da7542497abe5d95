import { zodResolver } from '@hookform/resolvers/zod';
import { Carrier, TrackingNumber } from '@shop/contract/fulfilment';
import { MAX_QUANTITY } from '@shop/contract/part-pricing';
import { wholeNumber } from '@shop/contract/primitives';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

/** The ship form's rules, the API's own; loaded when the form is first used (see lazyRules). */
export const shipRules = zodResolver(z.object({ carrier: Carrier, trackingNumber: TrackingNumber }));

/** What the parcel form's rules need to know: each line's allocated pieces, in the form's order. */
export interface ParcelContext {
  allocated: readonly number[];
}

/**
 * A parcel's rules: the carrier and tracking number as above, and for each line from none to
 * its allocated pieces, at least one piece in all (the API refuses more than is allocated).
 */
/** The parcel form's fields as typed, and as sent. */
export interface ParcelFields {
  quantities: string[];
  carrier: string;
  trackingNumber: string;
}
export interface Parcel {
  quantities: number[];
  carrier: string;
  trackingNumber: string;
}

export const parcelRules: Resolver<ParcelFields, ParcelContext, Parcel> = (values, context, options) =>
  zodResolver(
    z
      .object({
        carrier: Carrier,
        trackingNumber: TrackingNumber,
        quantities: z.array(wholeNumber({ min: 0, max: MAX_QUANTITY })).superRefine((quantities, ctx) => {
          quantities.forEach((quantity, index) => {
            const most = context?.allocated[index] ?? 0;
            if (quantity > most)
              ctx.addIssue({ code: 'custom', path: [index], message: `must be at most ${most}` });
          });
        }),
      })
      .refine((parcel) => parcel.quantities.some((quantity) => quantity > 0), {
        path: ['quantities', 0],
        message: 'Put at least one piece in the parcel',
      }),
  )(values, context, options as never) as ReturnType<Resolver<ParcelFields, ParcelContext, Parcel>>;
