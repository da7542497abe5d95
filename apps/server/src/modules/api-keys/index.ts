/** What the app may use of API keys: the plugin (their routes and the hook that reads them), and the scope each call needs. */
export { apiKeysPlugin } from './plugin.js';
export { scopeOf } from './scopes.js';
