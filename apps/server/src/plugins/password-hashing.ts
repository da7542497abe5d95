import fp from 'fastify-plugin';
import type { PasswordHashing } from '../modules/auth/index.js';
import { limitedPasswordHashing } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHashing;
  }
}

/** Password hashes run on libuv's pool, so many at once (PASSWORD_HASH_*), the rest waiting their turn. */
export const passwordHashingPlugin = fp(
  async (app) => {
    app.decorate('passwords', limitedPasswordHashing(app.config.passwordHashing));
  },
  { name: 'password-hashing', dependencies: ['config'] },
);
