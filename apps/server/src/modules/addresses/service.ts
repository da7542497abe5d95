import {
  type AddressBody,
  MAX_ADDRESSES,
  type SavedAddress,
  TOO_MANY_ADDRESSES_MESSAGE,
} from '@shop/contract/addresses';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { serialiseUserWrites } from '../users/index.js';
import * as addresses from './repository.js';

const toAddress = (row: addresses.AddressRow): SavedAddress => ({
  _id: row.id,
  label: row.label,
  address: row.address,
  createdAt: row.created_at,
});

/** The owner's saved addresses, oldest first. */
export async function addressesOf(db: Database, owner: Caller): Promise<SavedAddress[]> {
  return (await addresses.addressesOf(db, owner.id)).map(toAddress);
}

/**
 * Saves a delivery address for the owner. The cap of MAX_ADDRESSES is decided with the owner's
 * row locked, so addresses saved at once by one owner never pass it.
 */
export async function addAddress(db: Database, owner: Caller, body: AddressBody): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await serialiseUserWrites(trx, owner.id);
    if ((await addresses.countAddresses(trx, owner.id)) >= MAX_ADDRESSES)
      throw new AppError('too_many_addresses', TOO_MANY_ADDRESSES_MESSAGE);
    await addresses.insertAddress(trx, {
      id,
      user_id: owner.id,
      label: body.label,
      address: body.address,
      created_at: nowIso(),
    });
  });
  return id;
}

/** Deletes the owner's address: none → 404, someone else's → 403. */
export async function deleteAddress(db: Database, caller: Caller, id: string): Promise<void> {
  const row = await addresses.findAddress(db, id);
  if (!row) throw notFound('address');
  if (row.user_id !== caller.id) throw forbidden('This address belongs to another account');
  if (!(await addresses.deleteAddress(db, id))) throw notFound('address');
}
