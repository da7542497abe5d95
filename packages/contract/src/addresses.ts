import { z } from 'zod';
import { Id, line, text } from './primitives.js';

/** The most delivery addresses one buyer keeps. */
export const MAX_ADDRESSES = 20;

/** `POST /api/addresses`: a delivery address kept in the profile, offered at checkout. */
export const AddressBody = z.object({
  label: line({ min: 1, max: 60 }).describe('what the buyer calls it, e.g. "Repair centre, Dhaka"'),
  address: text({ min: 1, max: 500 }),
});
export type AddressBody = z.output<typeof AddressBody>;
export type AddressInput = z.input<typeof AddressBody>;

export const SavedAddress = z.object({
  _id: Id,
  label: z.string(),
  address: z.string(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;
export const SavedAddresses = z.array(SavedAddress);

export const AddressIdParams = z.object({ id: Id });

/** The buyer keeps as many addresses as the shop allows. */
export const TOO_MANY_ADDRESSES_MESSAGE = `You already keep ${MAX_ADDRESSES} delivery addresses, the most one account may keep. Delete one before saving another.`;
