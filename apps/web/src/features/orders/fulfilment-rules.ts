import { zodResolver } from '@hookform/resolvers/zod';
import { Carrier, TrackingNumber } from '@shop/contract/fulfilment';
import { z } from 'zod';

/** The ship form's rules, the API's own; loaded when the form is first used (see lazyRules). */
export const shipRules = zodResolver(z.object({ carrier: Carrier, trackingNumber: TrackingNumber }));
