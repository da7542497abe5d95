/**
 * Punchout's token prefix and the words for an ended session, without zod: the web app's first
 * download reads them (a punchout window's API calls and its banner); punchout.ts, with the
 * schemas, passes them on.
 */

/** Every punchout session token starts so, which tells it from an access token or an API key. */
export const PUNCHOUT_TOKEN_PREFIX = 'po_';

export const SESSION_ENDED_MESSAGE =
  'This punchout session has ended: start again from your procurement system';
