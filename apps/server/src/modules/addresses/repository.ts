import type { Database } from '../../db/database.js';
import type { AddressesTable } from '../../db/schema.js';

export type AddressRow = AddressesTable;

/** The user's addresses, oldest first (there are few: MAX_ADDRESSES at most). */
export function addressesOf(db: Database, userId: string): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findAddress(db: Database, id: string): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many addresses the user keeps. */
export async function countAddresses(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(db: Database, address: AddressRow): Promise<void> {
  await db.insertInto('addresses').values(address).execute();
}

/** Removes the address; false when there was none. */
export async function deleteAddress(db: Database, id: string): Promise<boolean> {
  const result = await db.deleteFrom('addresses').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
