/** What other modules and the app may use of signing in: tokens, keys, password hashing, the routes and the plugins that provide them. */
export { type AccessTokens, accessTokens } from './access-tokens.js';
export { authGuard } from './guard.js';
export { authGuardPlugin } from './guard-plugin.js';
export { loadJwtSecret } from './jwt-secret.js';
export { deriveKey, type KeyPurpose } from './keys.js';
export { type KnownAddresses, knownAddresses } from './known-addresses.js';
export { limitedPasswordHashing } from './limited-password-hashing.js';
export { type PasswordChangeFailures, passwordChangeFailures } from './login-failures.js';
export type { AccountMail } from './mailed-links.js';
export { hashPassword, type PasswordHashing, verifyPassword } from './password.js';
export { passwordHashingPlugin } from './password-hashing-plugin.js';
export { authRoutesPlugin } from './plugin.js';
export { revokeUserFamilies } from './refresh-tokens.js';
export { clientLeaves } from './routes.js';
export { secretsPlugin } from './secrets-plugin.js';
export { removeEarlierHolder } from './take-back.js';
