import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';
import type { MessageRow } from '../../db/schema.js';

export async function insertMessage(db: Database, message: MessageRow): Promise<void> {
  await db.insertInto('messages').values(message).execute();
}

/** A page of the inbox, newest first, and how many messages there are in all. */
export function listMessages(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  return pageWithTotal(
    db.selectFrom('messages').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
}
