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
  // A data folder made here is its owner's alone (an existing one is left as its operator set it).
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A file another program (or a copy) left readable by others is made the owner's alone, if ours.
  if ((fs.statSync(file).mode & 0o077) !== 0) {
    try {
      fs.chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; remove it to have a new one made`);
  return new TextEncoder().encode(secret);
}
