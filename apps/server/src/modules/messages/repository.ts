import type { Database } from '../../db/database.js';
import type { MessageRow } from '../../db/schema.js';

export async function insertMessage(db: Database, message: MessageRow): Promise<void> {
  await db.insertInto('messages').values(message).execute();
}

/** A page of the inbox, newest first, and how many messages there are in all. */
export async function listMessages(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
