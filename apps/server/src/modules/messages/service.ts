import type { Message, NewMessageBody } from '@shop/contract/messages';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { MessageRow } from '../../db/schema.js';
import * as messages from './repository.js';

export function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    kind: row.kind,
    ...(row.name ? { name: row.name } : {}),
    ...(row.email ? { email: row.email } : {}),
    message: row.message,
    createdAt: row.created_at,
  };
}

/** A visitor's message from the home page: Contact Us, or the complaints/suggestion box. */
export async function receiveMessage(deps: { db: Database }, body: NewMessageBody): Promise<string> {
  const id = newId();
  await messages.insertMessage(deps.db, {
    id,
    kind: body.kind,
    name: body.kind === 'complaint' ? body.name : null,
    email: body.kind === 'contact' ? body.email : null,
    message: body.message,
    consent: body.kind === 'complaint' ? 1 : null,
    created_at: nowIso(),
  });
  return id;
}

export async function inbox(db: Database, page: { limit: number; offset: number }) {
  const { rows, total } = await messages.listMessages(db, page);
  return { messages: rows.map(toMessage), total };
}
