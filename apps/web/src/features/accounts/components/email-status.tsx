import type { User } from '@shop/contract/users';
import { ResendVerification } from './resend-verification';

/** My Profile: whether the email is verified, and a way to get a new link when it is not. */
export function EmailStatus({ user }: { user: User }) {
  return (
    <div className="flex flex-col gap-2">
      <p>
        <span className="font-medium">Email status: </span>
        {user.emailVerified ? (
          <span className="badge badge-success">Verified</span>
        ) : (
          <span className="badge badge-warning">Not verified</span>
        )}
      </p>
      {!user.emailVerified && <ResendVerification />}
    </div>
  );
}
