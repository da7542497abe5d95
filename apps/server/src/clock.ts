import { randomUUID } from 'node:crypto';

/** Now as the ISO 8601 UTC text every timestamp column holds. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function newId(): string {
  return randomUUID();
}
