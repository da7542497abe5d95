import { Worker } from 'node:worker_threads';
import type { Derive, ScryptParams } from './password.js';

/**
 * The thread that hashes: it runs the synchronous scrypt, so a hash keeps that thread and no
 * other (not libuv's pool, which files and DNS need). On Linux it first puts itself in the
 * SCHED_IDLE class (with `chrt`, part of util-linux, there on every Debian image): it then runs
 * only on a core nothing else wants, and gives the core up as soon as the event loop serving the
 * shop wakes. A lower priority (nice) alone still let a busy hash thread take a third of the
 * shop's reads (bench/RESULTS.md); without `chrt` the thread falls back to nice. Plain CommonJS,
 * run with `eval`: the same text works from the bundle and from the TypeScript sources under test.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (thread > 0) {
    try {
      require('node:child_process').execFileSync('chrt', ['--idle', '--pid', '0', String(thread)], {
        stdio: 'ignore',
        timeout: 5000,
      });
    } catch {
      require('node:os').setPriority(thread, workerData.niceness);
    }
  }
} catch {}
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

export interface ScryptWorkers {
  derive: Derive;
  /** Threads alive now (started on demand, each stopped after a while without work). */
  readonly threads: number;
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
}

/**
 * scrypt on worker threads. The caller bounds how many hashes run at once (the hashing queue);
 * a thread is started when no idle one is there and stopped after `idleMs` without work, so an
 * idle shop keeps none (each costs about 10 MB).
 */
export function scryptWorkers(options: { idleMs?: number; niceness?: number } = {}): ScryptWorkers {
  const idleMs = options.idleMs ?? 10_000;
  const niceness = options.niceness ?? 10;
  const idle: Thread[] = [];
  const all = new Set<Thread>();
  let closed = false;

  const stop = (thread: Thread) => {
    all.delete(thread);
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
    clearTimeout(thread.idleTimer);
    return thread.worker.terminate();
  };

  const start = (): Thread => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { niceness } });
    const thread: Thread = { worker };
    all.add(thread);
    // A thread that fails or ends leaves the pool, whether or not a hash was running on it
    // (that hash is refused by the listeners of derive).
    worker.on('error', () => void stop(thread));
    worker.on('exit', () => void stop(thread));
    return thread;
  };

  const release = (thread: Thread) => {
    if (closed || !all.has(thread)) return;
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => void stop(thread), idleMs);
    thread.idleTimer.unref();
    idle.push(thread);
  };

  const derive: Derive = (password: string, salt: Buffer, params: ScryptParams) => {
    if (closed) return Promise.reject(new Error('The password hashing threads are stopped'));
    const thread = idle.pop() ?? start();
    clearTimeout(thread.idleTimer);
    thread.worker.ref();
    return new Promise<Buffer>((resolve, reject) => {
      const { worker } = thread;
      const settle = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (answer: { key?: Uint8Array; error?: string }) => {
        settle();
        release(thread);
        if (answer.key) resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
        else reject(new Error(`scrypt failed: ${answer.error}`));
      };
      const onError = (error: Error) => {
        settle();
        reject(error);
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`The password hashing thread stopped (exit code ${code})`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ password, salt, keyLength: params.keyLength, options: params.options });
    });
  };

  return {
    derive,
    get threads() {
      return all.size;
    },
    async close() {
      closed = true;
      await Promise.all([...all].map(stop));
    },
  };
}
