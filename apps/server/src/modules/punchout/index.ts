/** What the app may use of punchout: the plugin (its routes, and the hook that reads a session's token). */
export { punchoutPlugin } from './plugin.js';
