import type { Company } from '@shop/contract/companies';
import { COMPANY_FULL_JOIN_MESSAGE } from '@shop/contract/company-limits';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { FormError, Notice } from '../../../components/form/form-notes';
import { CardPage } from '../../../components/ui/card-page';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError } from '../../../lib/api-client';
import { ResendVerification, useFragmentToken } from '../../accounts';
import { signOut, useSession } from '../../auth';
import { useAcceptInvitation, useMyCompany } from '../api/companies';
import { limitLabel, ROLE_LABEL } from '../labels';

/**
 * /invitations#token=…: the mailed invitation. Signed in, the buyer joins at once and sees the
 * company; signed out, they sign in or up first, the token kept in the way back to this page.
 */
export function InvitationPage() {
  const token = useFragmentToken();
  const session = useSession();
  const accept = useAcceptInvitation();
  const { mutate } = accept;
  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (token && signedIn) mutate(token);
  }, [token, signedIn, mutate]);

  return (
    <CardPage title="Company invitation">
      {(token === undefined || session.status === 'loading' || accept.isPending) && <ProgressBar />}
      {token === null && (
        <FormError message="This page needs the link from your invitation email. Open the link in the mail again." />
      )}
      {token && session.status === 'signed-out' && <SignInFirst token={token} />}
      {token && signedIn && accept.isSuccess && <Joined />}
      {token && signedIn && accept.isError && (
        <Refused error={accept.error} email={session.user.email} onRetry={() => mutate(token)} />
      )}
    </CardPage>
  );
}

function SignInFirst({ token }: { token: string }) {
  // Back to this page with the token after signing in or up (useReturnTo keeps the fragment).
  const state = { from: { pathname: '/invitations', hash: `#token=${token}` } };
  return (
    <>
      <p>
        You are invited to buy for a company at our shop. Sign in with the email address the invitation was
        sent to, or sign up with it, to join.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to="/login" state={state} className="btn btn-primary">
          Login
        </Link>
        <Link to="/signup" state={state} className="btn btn-outline">
          Sign Up
        </Link>
      </div>
    </>
  );
}

function Joined() {
  const company = useMyCompany();
  return (
    <>
      <Notice>You joined {company.data?.name ?? 'the company'}.</Notice>
      {company.data && <JoinedCompany company={company.data} />}
      <Link to="/dashboard/company" className="btn btn-primary self-start">
        Go to your company
      </Link>
    </>
  );
}

function JoinedCompany({ company }: { company: Company }) {
  const session = useSession();
  const me = company.members.find(
    (member) => session.status === 'signed-in' && member.email === session.user.email,
  );
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="font-medium">Company</dt>
      <dd className="break-words">{company.name}</dd>
      {me && (
        <>
          <dt className="font-medium">Your role</dt>
          <dd>{ROLE_LABEL[me.role]}</dd>
          <dt className="font-medium">Monthly limit</dt>
          <dd>{limitLabel(me.spendingLimit)}</dd>
        </>
      )}
      <dt className="font-medium">Members</dt>
      <dd>{company.members.length}</dd>
    </dl>
  );
}

/** Why the invitation was refused, in words, and what to do about it. */
function Refused({ error, email, onRetry }: { error: Error; email: string; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'invalid_token')
    return (
      <FormError message="This invitation link is used, expired or unknown. Ask your company's admin to invite you again." />
    );
  if (status === 403 && /verify/i.test(error.message))
    return (
      <>
        <FormError message="Verify your email address first: open the link we mailed you when you signed up, then open this invitation again." />
        <ResendVerification />
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={onRetry}>
          I have verified it: join now
        </button>
      </>
    );
  if (status === 403 && /another email/i.test(error.message))
    return (
      <>
        <FormError
          message={`This invitation was sent to another email address than ${email}. Sign in with the address it was sent to.`}
        />
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => void signOut()}>
          Logout
        </button>
      </>
    );
  // A full company's refusal says so itself (the invitation stays open): told below, with Try again.
  if (status === 409 && error.message !== COMPANY_FULL_JOIN_MESSAGE)
    return (
      <>
        <FormError message="You already belong to a company, so you cannot join another one." />
        <Link to="/dashboard/company" className="link link-primary">
          See your company
        </Link>
      </>
    );
  return (
    <>
      <FormError message={error.message} />
      <button type="button" className="btn btn-outline btn-sm self-start" onClick={onRetry}>
        Try again
      </button>
    </>
  );
}
