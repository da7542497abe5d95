import { useEffect } from 'react';
import { Link } from 'react-router';
import { FormError, Notice } from '../../../components/form/form-notes';
import { CardPage } from '../../../components/ui/card-page';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useSession } from '../../auth';
import { useVerifyEmail } from '../api/verify-email';
import { ResendVerification } from '../components/resend-verification';
import { useFragmentToken } from '../use-fragment-token';

/** /verify-email#token=…: the link mailed at sign-up (or resent) proves the mailbox is the user's. */
export function VerifyEmailPage() {
  const token = useFragmentToken();
  const verify = useVerifyEmail();
  const session = useSession();
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const failed = verify.isError || token === null;
  return (
    <CardPage title="Verify email">
      {(token === undefined || verify.isPending) && <ProgressBar />}
      {verify.isSuccess && (
        <>
          <Notice>Your email is verified</Notice>
          <Link to="/dashboard" className="btn btn-primary self-start">
            Go to Dashboard
          </Link>
        </>
      )}
      {failed && (
        <>
          <FormError
            message={verify.error?.message ?? 'This page needs the link from your verification email.'}
          />
          {session.status === 'signed-in' ? (
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
