import { zodResolver } from '@hookform/resolvers/zod';
import { IncomingBody, ReceiveBody } from '@shop/contract/availability';
import { z } from 'zod';

/**
 * The Availability and Receive forms' rules, the API's own; loaded when a form is first used (see
 * lazyRules). An empty lead time is unknown (null).
 */
const IncomingForm = IncomingBody.extend({
  leadTimeDays: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    IncomingBody.shape.leadTimeDays,
  ),
});
export type IncomingFormInput = z.input<typeof IncomingForm>;
export const incomingRules = zodResolver(IncomingForm);

export const receiveRules = zodResolver(ReceiveBody);
