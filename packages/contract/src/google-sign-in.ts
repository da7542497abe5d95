// Without zod: the login and signup pages name these, and a page that imported auth.ts would load
// zod and build the sign-in schemas before its form is first used (auth.ts re-exports them).

/**
 * Why a Google sign-in came back to `/login?error=<code>` without signing anyone in. The web app
 * shows its own text for each; anything else in the address is ignored.
 */
export const GOOGLE_SIGN_IN_PROBLEMS = [
  'google_cancelled',
  'google_failed',
  'google_expired',
  'google_no_email',
  'google_not_configured',
  'google_unavailable',
  'google_account_conflict',
] as const;
export type GoogleSignInProblem = (typeof GOOGLE_SIGN_IN_PROBLEMS)[number];
