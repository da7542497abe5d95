import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key that signs access tokens: JWT_SECRET when set, otherwise one generated once and kept
 * (readable by the owner only) in the data folder, so tokens survive a restart. That suits one
 * server; several would each generate their own, so in production on PostgreSQL the
 * configuration requires JWT_SECRET (see config.ts).
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; remove it to have a new one made`);
  return new TextEncoder().encode(secret);
}
