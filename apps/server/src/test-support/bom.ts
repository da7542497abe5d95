import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/database.js';
import { partNumberKey } from '../db/text-search.js';
import type { Caller } from './fixture.js';
import { insertPart } from './parts.js';

/** A multipart form as a browser sends it: text fields, and a file in the field `file` (or another). */
export function bomForm(
  file: { bytes: Buffer | string; filename?: string; type?: string; field?: string } | undefined,
  fields: Record<string, string> = {},
) {
  const boundary = `----bom${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename ?? 'bom.csv'}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts a file (and fields) to `POST /api/bom`. */
export function postBomFile(
  caller: Caller,
  file: Parameters<typeof bomForm>[0],
  fields?: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const form = bomForm(file, fields);
  return caller.post('/api/bom', form.payload, form.headers);
}

/** Parts with a manufacturer's number, as a test writes them (the number's key as the shop keeps it), one by one. */
export async function insertNumberedParts(
  db: Database,
  parts: { name: string; mpn?: string; [column: string]: unknown }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const part of parts)
    ids.push(await insertPart(db, { ...part, ...(part.mpn ? { mpn_key: partNumberKey(part.mpn) } : {}) }));
  return ids;
}
