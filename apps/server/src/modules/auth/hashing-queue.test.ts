import { describe, expect, it, vi } from 'vitest';
import { HashingAbandonedError, HashingBusyError, hashingQueue } from './hashing-queue.js';

/** Tasks that run until `finish(id)` is called; records the order they started in. */
function controlledTasks() {
  const started: number[] = [];
  const running = new Map<number, () => void>();
  let mostAtOnce = 0;
  const task = (id: number) => async () => {
    started.push(id);
    await new Promise<void>((resolve) => {
      running.set(id, resolve);
      mostAtOnce = Math.max(mostAtOnce, running.size);
    });
    return id;
  };
  const finish = async (id: number) => {
    const done = running.get(id);
    if (!done) throw new Error(`task ${id} is not running`);
    running.delete(id);
    done();
    await settle();
  };
  return { task, finish, started, running: () => [...running.keys()], mostAtOnce: () => mostAtOnce };
}

/** Lets the queue hand a freed place over and the next task start. */
async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

const ids = (count: number) => Array.from({ length: count }, (_, id) => id);

describe('the hashing queue', () => {
  it('never runs more tasks at once than its concurrency, and runs every one', async () => {
    const queue = hashingQueue({ concurrency: 3, maxWaiting: 100 });
    const tasks = controlledTasks();
    const results = ids(20).map((id) => queue.run(tasks.task(id)));
    await settle();
    expect(tasks.started).toEqual([0, 1, 2]);
    expect(queue.running).toBe(3);
    expect(queue.waiting).toBe(17);
    // Running tasks finish in a scrambled order while new ones keep arriving.
    for (let step = 0; tasks.running().length > 0; step++) {
      const running = tasks.running();
      await tasks.finish(running[(step * 7) % running.length] as number);
      if (step < 10) results.push(queue.run(tasks.task(20 + step)));
      expect(queue.running).toBeLessThanOrEqual(3);
      expect(tasks.running().length).toBe(queue.running);
    }
    expect(await Promise.all(results)).toEqual(ids(30));
    expect(tasks.mostAtOnce()).toBe(3);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('takes turns between addresses: a flood from one holds its share, and another is served next', async () => {
    const queue = hashingQueue({ concurrency: 2, maxWaiting: 20, maxWaitingPerOwner: 5 });
    const tasks = controlledTasks();
    const flooder = { owner: '10.0.0.66' };
    const flood = ids(7).map((id) => queue.run(tasks.task(id), flooder));
    await settle();
    expect(tasks.started).toEqual([0, 1]);
    expect(queue.waiting).toBe(5);
    // Its sixth waiting request is refused: the line has room, its share does not.
    const refused = queue.run(tasks.task(7), flooder);
    await expect(refused).rejects.toBeInstanceOf(HashingBusyError);
    // Two others arrive after the flood and are served before the rest of it.
    const others = [
      queue.run(tasks.task(100), { owner: '10.0.0.1' }),
      queue.run(tasks.task(200), { owner: '10.0.0.2' }),
    ];
    await tasks.finish(0);
    await tasks.finish(1);
    expect(tasks.started).toEqual([0, 1, 2, 100]);
    await tasks.finish(2);
    expect(tasks.started).toEqual([0, 1, 2, 100, 200]);
    while (tasks.running().length > 0) await tasks.finish(tasks.running()[0] as number);
    expect(await Promise.all(others)).toEqual([100, 200]);
    expect(await Promise.all(flood)).toEqual(ids(7));
    // Each address's own requests ran in the order they came.
    expect(tasks.started.filter((id) => id < 100)).toEqual(ids(7));
    expect(queue.waiting).toBe(0);
    expect(queue.running).toBe(0);
  });

  it('starts waiting tasks in the order they arrived, whichever running one finishes', async () => {
    const queue = hashingQueue({ concurrency: 2, maxWaiting: 100 });
    const tasks = controlledTasks();
    const results = ids(12).map((id) => queue.run(tasks.task(id)));
    await settle();
    while (tasks.running().length > 0) await tasks.finish(tasks.running().at(-1) as number);
    expect(await Promise.all(results)).toEqual(ids(12));
    expect(tasks.started).toEqual(ids(12));
  });

  it('refuses a task when the waiting line is full: 503 unavailable with the seconds to wait', async () => {
    const queue = hashingQueue({ concurrency: 2, maxWaiting: 3 });
    const tasks = controlledTasks();
    const accepted = ids(5).map((id) => queue.run(tasks.task(id)));
    await settle();
    const refused = queue.run(tasks.task(5));
    await expect(refused).rejects.toBeInstanceOf(HashingBusyError);
    const error = (await refused.catch((e: unknown) => e)) as HashingBusyError;
    expect(error.status).toBe(503);
    expect(error.code).toBe('unavailable');
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.message).toMatch(/try again in \d+ seconds/);
    expect(tasks.started).not.toContain(5);
    expect(queue.waiting).toBe(3);

    // Once one finishes there is room again.
    await tasks.finish(0);
    const again = queue.run(tasks.task(6));
    expect(queue.waiting).toBe(3);
    for (const id of [1, 2, 3, 4, 6]) await tasks.finish(id);
    expect(await Promise.all([...accepted, again])).toEqual([0, 1, 2, 3, 4, 6]);
  });

  it('with no room to wait at all, runs up to its concurrency and refuses the rest', async () => {
    const queue = hashingQueue({ concurrency: 1, maxWaiting: 0 });
    const tasks = controlledTasks();
    const first = queue.run(tasks.task(0));
    await expect(queue.run(tasks.task(1))).rejects.toBeInstanceOf(HashingBusyError);
    await settle();
    await tasks.finish(0);
    expect(await first).toBe(0);
  });

  it('drops a waiting task whose client left, and never runs it', async () => {
    const queue = hashingQueue({ concurrency: 1, maxWaiting: 10 });
    const tasks = controlledTasks();
    const first = queue.run(tasks.task(0));
    const leaving = new AbortController();
    const gone = queue.run(tasks.task(1), { signal: leaving.signal });
    const third = queue.run(tasks.task(2));
    await settle();
    expect(queue.waiting).toBe(2);
    leaving.abort();
    await expect(gone).rejects.toBeInstanceOf(HashingAbandonedError);
    expect(queue.waiting).toBe(1);
    await tasks.finish(0);
    await tasks.finish(2);
    expect([await first, await third]).toEqual([0, 2]);
    expect(tasks.started).toEqual([0, 2]);

    const alreadyGone = new AbortController();
    alreadyGone.abort();
    await expect(queue.run(tasks.task(3), { signal: alreadyGone.signal })).rejects.toBeInstanceOf(
      HashingAbandonedError,
    );
    expect(tasks.started).toEqual([0, 2]);
  });

  it('runs one task at a time while the shop is busy, every slot again once it is not', async () => {
    let busy = true;
    const queue = hashingQueue({ concurrency: 2, maxWaiting: 10, shopIsBusy: () => busy });
    const tasks = controlledTasks();
    const results = ids(4).map((id) => queue.run(tasks.task(id)));
    await settle();
    expect(tasks.started).toEqual([0]);
    await tasks.finish(0);
    await vi.waitFor(() => expect(tasks.started).toEqual([0, 1]));
    expect(queue.running).toBe(1);
    busy = false;
    await tasks.finish(1);
    expect(tasks.started).toEqual([0, 1, 2, 3]);
    await tasks.finish(2);
    await tasks.finish(3);
    expect(await Promise.all(results)).toEqual(ids(4));
    expect(tasks.mostAtOnce()).toBe(2);
  });

  it('frees the place of a task that fails', async () => {
    const queue = hashingQueue({ concurrency: 1, maxWaiting: 10 });
    const failing = queue.run(async () => {
      throw new Error('hashing failed');
    });
    const next = queue.run(async () => 'next');
    await expect(failing).rejects.toThrow('hashing failed');
    expect(await next).toBe('next');
    expect(queue.running).toBe(0);
  });
});
