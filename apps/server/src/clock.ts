import { randomBytes } from 'node:crypto';

/** Now as the ISO 8601 UTC text every timestamp column holds. */
export function nowIso(): string {
  return new Date().toISOString();
}

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562): milliseconds first, then a per-process sequence, then randomness. Ids
 * made later sort later, so "newest first" is well defined even within one millisecond, and
 * new rows land at the end of their index.
 */
export function newId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMs += 1;
    ms = lastMs;
  } else {
    lastMs = ms;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
