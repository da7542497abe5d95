import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Documents the shop serves (datasheets, manuals) live in the uploads folder's `documents/`, so
 * every server behind a load balancer serves the same ones. A name is lower-case letters, digits
 * and dashes ending in `.pdf`: it can never reach outside the folder.
 */
export const documentName = /^[a-z0-9][a-z0-9-]{0,79}\.pdf$/;

export const documentsDir = (uploadsDir: string) => path.join(uploadsDir, 'documents');

/** The address a stored document is served at (`GET /documents/<name>`). */
export const documentUrl = (name: string) => `/documents/${name}`;

/** Whether the document is stored already. */
export async function hasDocument(uploadsDir: string, name: string): Promise<boolean> {
  return fs
    .access(path.join(documentsDir(uploadsDir), name))
    .then(() => true)
    .catch(() => false);
}

/** Stores a document under its name (written to a temporary file, then renamed: never half-read). */
export async function saveDocument(uploadsDir: string, name: string, bytes: Buffer): Promise<void> {
  if (!documentName.test(name)) throw new Error(`not a document name: ${name}`);
  const dir = documentsDir(uploadsDir);
  await fs.mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${randomUUID()}.tmp`);
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, path.join(dir, name));
}
