/** What other modules and the app may use of the audit log: recording an entry, and its routes. */
export { auditRoutesPlugin } from './plugin.js';
export { recordAudit } from './repository.js';
