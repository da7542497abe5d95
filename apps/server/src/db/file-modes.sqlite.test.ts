import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadTestConfig } from '../test-support/test-app.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrations/index.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

let root: string;
let umask: number;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-modes-'));
  // The usual umask, which leaves new files readable by everyone.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

/** A shop started as main.ts starts it, on a SQLite file in a data folder it makes. */
async function start(dataDir: string) {
  const config = loadTestConfig({ DATA_DIR: dataDir });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, webDist: path.join(root, 'no-web-app') });
  await app.ready();
  // A write, so the write-ahead log holds something.
  await app.inject({
    method: 'POST',
    url: '/api/messages',
    payload: { email: 'a@example.com', message: 'Hi' },
  });
  return app;
}

describe('files the shop keeps secrets in', () => {
  it('creates the SQLite file, its WAL and shared memory, the secret and the data folder for the owner alone', async () => {
    const dataDir = path.join(root, 'data');
    const app = await start(dataDir);
    try {
      const db = path.join(dataDir, 'shop.db');
      expect(fs.existsSync(`${db}-wal`)).toBe(true);
      for (const file of [db, `${db}-wal`, `${db}-shm`, path.join(dataDir, 'jwt-secret')]) {
        expect(modeOf(file).toString(8), file).toBe('600');
      }
      expect(modeOf(dataDir).toString(8)).toBe('700');
    } finally {
      await app.close();
    }
  });

  it('tightens the files an earlier version left readable by others', async () => {
    const dataDir = path.join(root, 'old');
    await (await start(dataDir)).close();
    const db = path.join(dataDir, 'shop.db');
    const secret = path.join(dataDir, 'jwt-secret');
    for (const file of [db, secret]) fs.chmodSync(file, 0o644);
    const app = await start(dataDir);
    try {
      for (const file of [db, `${db}-wal`, `${db}-shm`, secret]) {
        expect(modeOf(file).toString(8), file).toBe('600');
      }
    } finally {
      await app.close();
    }
  });
});
