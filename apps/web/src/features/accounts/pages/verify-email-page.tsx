import { useEffect } from 'react';
import { Link } from 'react-router';
import { FormError, Notice } from '../../../components/form/form-notes';
import { CardPage } from '../../../components/ui/card-page';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { useVerifyEmail } from '../api/verify-email';
import { ResendVerification } from '../components/resend-verification';
import { forgetPendingVerification, usePendingVerification } from '../pending-verification';

/**
 * /verify-email#token=…: the link mailed at sign-up (or resent) proves the mailbox is the user's;
 * signing in to the account proves the password is theirs too, and only both verify the email.
 * Its reader who is not signed in signs in first (the token waits in this tab), or, not holding
 * the account's password, takes the account back by resetting it.
 */
export function VerifyEmailPage() {
  const token = usePendingVerification();
  const verify = useVerifyEmail();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const { mutate } = verify;
  useEffect(() => {
    if (token && signedIn) mutate(token, { onSettled: forgetPendingVerification });
  }, [token, signedIn, mutate]);

  const waiting = token === undefined || session.status === 'loading' || verify.isPending;
  const otherAccount = verify.error instanceof ApiError && verify.error.status === 403;
  const failed = verify.isError || token === null;
  return (
    <CardPage title="Verify email">
      {waiting && <ProgressBar />}
      {verify.isSuccess && (
        <>
          <Notice>Your email is verified</Notice>
          <Link to="/dashboard" className="btn btn-primary self-start">
            Go to Dashboard
          </Link>
        </>
      )}
      {token && session.status === 'signed-out' && (
        <>
          <p>
            Log in to your account to finish verifying your email: the link shows the mailbox is yours, your
            password shows the account is.
          </p>
          <Link
            to="/login"
            state={{ from: { pathname: '/verify-email' } }}
            className="btn btn-primary self-start"
          >
            Login
          </Link>
          <ResetInstead />
        </>
      )}
      {failed && (
        <>
          <FormError
            message={verify.error?.message ?? 'This page needs the link from your verification email.'}
          />
          {otherAccount ? (
            <ResetInstead />
          ) : signedIn ? (
            <ResendVerification />
          ) : (
            <p>
              <Link to="/login" state={{ from: { pathname: '/dashboard' } }} className="link link-primary">
                Login
              </Link>{' '}
              to ask for a new verification email from My Profile.
            </p>
          )}
        </>
      )}
    </CardPage>
  );
}

/** The way for a mailbox's owner who never set the account's password: a reset takes it back. */
function ResetInstead() {
  return (
    <p className="text-sm">
      Did not set this account's password yourself?{' '}
      <Link to="/forgot-password" className="link link-primary">
        Reset the password
      </Link>{' '}
      with this email: the account becomes yours alone, and whatever someone else saved in it is removed.
    </p>
  );
}
