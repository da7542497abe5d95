import { describe, expect } from 'vitest';
import { openDatabase } from './db/database.js';
import { test as base } from './test-support/fixture.js';
import { clientSecretFor, placeOrder } from './test-support/invoice-orders.js';
import { holdTable } from './test-support/table-lock.js';
import { anotherServer, createTestDatabase, testDialect } from './test-support/test-app.js';

/** `second`: another server on the shop's database, with background work of its own. */
const test = base.extend('second', { scope: 'file' }, async ({ shop }, { onCleanup }) => {
  const second = await anotherServer(shop);
  onCleanup(() => second.close());
  return second;
});

/** A promise the test settles by hand, to keep a task running as long as it likes. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('background work', () => {
  test('runs every task when no other server runs it', async ({ shop, second }) => {
    const everyTask = {
      reconcilePayments: 'done',
      releaseStaleOrders: 'done',
      expireQuotes: 'done',
      mailOverdueInvoices: 'done',
    };
    expect(await shop.app.backgroundWork.runAll()).toEqual(everyTask);
    expect(await second.backgroundWork.runAll()).toEqual(everyTask);
  });

  test('runs one run at a time on a server: a run asked for during another is that run', async ({ shop }) => {
    const first = shop.app.backgroundWork.runAll();
    expect(shop.app.backgroundWork.runAll()).toBe(first);
    await first;
  });
});

describe.runIf(testDialect() === 'postgres')('background work on several servers (PostgreSQL)', () => {
  test('runs a task on one server at a time: the other leaves it, then runs it once it is free', async ({
    shop,
    second,
  }) => {
    // Hold the first server inside its task: its reconciliation waits on a table the test locks.
    if (shop.config.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const held = await holdTable(shop.config.database.url, 'payment_intents');
    try {
      const running = shop.app.backgroundWork.runAll();
      await held.untilWaiting(1);

      // The second server finds the task taken and leaves it to the first (the other task is free).
      expect(await second.backgroundWork.runAll()).toEqual({
        reconcilePayments: 'skipped',
        releaseStaleOrders: 'done',
        expireQuotes: 'done',
        mailOverdueInvoices: 'done',
      });

      await held.release();
      expect((await running).reconcilePayments).toBe('done');
      // Free again: the second server runs it.
      expect((await second.backgroundWork.runAll()).reconcilePayments).toBe('done');
    } finally {
      await held.release();
    }
  });

  test('lets a run in progress finish before the server closes its database', async ({
    shop,
    admin,
    buyer,
  }) => {
    if (shop.config.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    // An unpaid order with an open intent: the reconciliation asks about it after its first query.
    await clientSecretFor(shop.app, buyer, await placeOrder(shop.app, { admin, buyer }));

    const logged: { level: number; msg: string }[] = [];
    const closing = await anotherServer(
      shop,
      { LOG_LEVEL: 'info' },
      {
        write: (line) => void logged.push(JSON.parse(line)),
      },
    );
    const held = await holdTable(shop.config.database.url, 'payment_intents');
    try {
      const running = closing.backgroundWork.runAll();
      await held.untilWaiting(1);
      const closed = closing.close();
      await held.release();
      await closed;
      expect(await running).toEqual({
        reconcilePayments: 'done',
        releaseStaleOrders: 'done',
        expireQuotes: 'done',
        mailOverdueInvoices: 'done',
      });
      expect(logged.filter((line) => line.level >= 40)).toEqual([]);
    } finally {
      await held.release();
    }
  });

  test('keeps a task to one server per name and per shop, and frees it when the task fails', async ({
    shop,
  }) => {
    if (shop.config.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const one = openDatabase(shop.config.database);
    const two = openDatabase(shop.config.database);
    const otherShop = await createTestDatabase();
    const elsewhere = openDatabase({ kind: 'postgres', url: otherShop.url, poolMax: 2 });
    try {
      const held = gate();
      let started = () => {};
      const inside = new Promise<void>((resolve) => {
        started = resolve;
      });
      const running = one.exclusive('task', async () => {
        started();
        await held.opened;
        return 'first';
      });
      await inside;
      expect(await two.exclusive('task', async () => 'second')).toEqual({ ran: false });
      expect(await two.exclusive('another task', async () => 'another')).toEqual({
        ran: true,
        value: 'another',
      });
      // A shop in another schema of the same database has tasks of its own.
      expect(await elsewhere.exclusive('task', async () => 'other shop')).toEqual({
        ran: true,
        value: 'other shop',
      });
      held.open();
      expect(await running).toEqual({ ran: true, value: 'first' });

      await expect(
        two.exclusive('task', async () => {
          throw new Error('the card provider is away');
        }),
      ).rejects.toThrow('the card provider is away');
      expect(await one.exclusive('task', async () => 'after a failure')).toEqual({
        ran: true,
        value: 'after a failure',
      });
    } finally {
      await one.close();
      await two.close();
      await elsewhere.close();
      await otherShop.drop();
    }
  });
});
