import fp from 'fastify-plugin';
import { type AccessTokens, accessTokens } from './access-tokens.js';
import { loadJwtSecret } from './jwt-secret.js';
import { deriveKey, type KeyPurpose } from './keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the access tokens. */
    tokens: AccessTokens;
    /** The key for one purpose, derived from the shop's secret (never the secret itself). */
    keyFor(purpose: KeyPurpose): Uint8Array;
  }
}

/** The shop's secret (JWT_SECRET, or one kept in the data folder) and the keys derived from it. */
export const secretsPlugin = fp(
  async (app) => {
    const secret = loadJwtSecret(app.config.jwtSecret, app.config.dataDir);
    const keyFor = (purpose: KeyPurpose) => deriveKey(secret, purpose);
    app.decorate('keyFor', keyFor);
    app.decorate('tokens', accessTokens(keyFor('access-tokens')));
  },
  { name: 'secrets', dependencies: ['config'] },
);
