import fp from 'fastify-plugin';
import { limitedPasswordHashing } from './limited-password-hashing.js';
import type { PasswordHashing } from './password.js';

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
