import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from './database.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sqlite-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the SQLite connection', () => {
  it('is in WAL mode with synchronous=FULL, foreign keys on and a busy timeout, in a folder it makes', () => {
    const connection = openSqlite(path.join(dir, 'nested', 'shop.db'));
    try {
      expect(connection.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(connection.pragma('synchronous', { simple: true })).toBe(2);
      expect(connection.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(connection.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    } finally {
      connection.close();
    }
  });

  it('keeps those settings when the file is opened again (WAL is stored in the file, the rest per connection)', () => {
    const file = path.join(dir, 'again.db');
    openSqlite(file).close();
    const connection = openSqlite(file);
    try {
      expect(connection.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(connection.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      connection.close();
    }
  });
});
