import { GOOGLE_SIGN_IN_PROBLEMS, type GoogleSignInProblem } from '@shop/contract/google-sign-in';

/** The shop's own words for each reason a Google sign-in came back without signing in. */
const TEXTS: Record<GoogleSignInProblem, string> = {
  google_cancelled: 'Google sign-in was cancelled.',
  google_failed: 'Google sign-in could not be verified. Please try again.',
  google_expired: 'Your Google sign-in took too long or was started in another browser. Please try again.',
  google_no_email: 'Your Google account has no verified email address.',
  google_not_configured: 'Google sign-in is not available on this shop.',
  google_unavailable: 'Google sign-in is unavailable right now. Please try again later.',
  google_account_conflict:
    'An account with this email is already linked to another Google account. Please sign in with that one.',
};

const known = (code: string | null | undefined): code is GoogleSignInProblem =>
  (GOOGLE_SIGN_IN_PROBLEMS as readonly unknown[]).includes(code);

/**
 * The text for a reason code (as in `/login?error=<code>`), or nothing: words from the address
 * itself are never shown, so a link cannot put its own message on the shop's page.
 */
export function googleProblemText(code: string | null | undefined): string | undefined {
  return known(code) ? TEXTS[code] : undefined;
}
