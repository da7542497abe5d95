import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Stored pictures are named by the SHA-256 of their bytes: a picture is stored once, and a name can never reach outside the folder. */
export const storedImageName = /^[0-9a-f]{64}\.webp$/;

/** Stores WebP bytes under their content hash (written to a temporary file, then renamed) and returns the file name. */
export async function saveImage(uploadsDir: string, webp: Buffer): Promise<string> {
  const name = `${createHash('sha256').update(webp).digest('hex')}.webp`;
  const target = path.join(uploadsDir, name);
  await fs.mkdir(uploadsDir, { recursive: true });
  try {
    await fs.access(target);
    return name;
  } catch {
    const temporary = path.join(uploadsDir, `.${randomUUID()}.tmp`);
    await fs.writeFile(temporary, webp);
    await fs.rename(temporary, target);
    return name;
  }
}
