import fp from 'fastify-plugin';
import { busyShop } from '../modules/auth/busy-shop.js';
import { hashingQueue } from '../modules/auth/hashing-queue.js';
import type { PasswordHashing } from '../modules/auth/password.js';
import { queuedPasswordHashing } from '../modules/auth/queued-password-hashing.js';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHashing;
  }
}

/**
 * Password hashes run on libuv's pool, one per core at most, the rest waiting in turns by
 * address; while the event loop is busy serving the rest of the shop, they yield the cores to it.
 */
export const passwordHashingPlugin = fp(
  async (app) => {
    app.decorate(
      'passwords',
      queuedPasswordHashing(
        hashingQueue({ ...app.config.passwordHashing, shopIsBusy: busyShop(app.server) }),
      ),
    );
  },
  { name: 'password-hashing', dependencies: ['config'] },
);
