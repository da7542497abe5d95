/**
 * What the app uses of the mails' content: the mail outbox that makes each mail from the shop's
 * records as it sends it, and the plugin that runs it.
 */
export { mailOutbox, mailPlugin } from './plugin.js';
