/**
 * What other features may use of sign-in: the session, the role check and what a refused request
 * does. The rest of this folder is its own.
 */
export { useIsAdmin } from './api/check-admin';
export { RenderedSession, type SessionState, signOut, useSession } from './session';
export { useAccessRefusal } from './use-access-refusal';
