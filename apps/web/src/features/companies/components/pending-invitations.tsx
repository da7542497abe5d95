import type { PendingInvitation } from '@shop/contract/companies';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { DateTime } from '../../../components/ui/date-time';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useInvitations, useWithdrawInvitation } from '../api/companies';
import { limitLabel, ROLE_LABEL } from '../labels';

/** The invitations not yet accepted: whom, as what, until when; each may be withdrawn. */
export function PendingInvitations({ companyId }: { companyId: string }) {
  const invitations = useInvitations(companyId, true);
  const withdraw = useWithdrawInvitation(companyId);
  const { ask, modal } = useConfirmedAction<PendingInvitation>(
    { mutate: withdraw.mutate, isPending: withdraw.isPending },
    (invitation) => invitation._id,
    (invitation) => `Withdraw the invitation of ${invitation.email}: its link will no longer work.`,
  );
  return (
    <section aria-labelledby="pending-invitations" className="flex flex-col gap-2">
      <h2 id="pending-invitations" className="text-xl font-semibold">
        Pending invitations
      </h2>
      {invitations.isPending && <ProgressBar />}
      {invitations.isError && <p>The invitations could not be loaded. {invitations.error.message}</p>}
      {invitations.data?.length === 0 && <p>No invitations waiting.</p>}
      {invitations.data && invitations.data.length > 0 && (
        <ul className="flex flex-col gap-2">
          {invitations.data.map((invitation) => (
            <li
              key={invitation._id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-100 p-3 shadow-sm"
            >
              <div className="min-w-0">
                <div className="break-all font-medium">{invitation.email}</div>
                <div className="text-sm text-base-content/70">
                  {ROLE_LABEL[invitation.role]} · {limitLabel(invitation.spendingLimit)} · until{' '}
                  <DateTime at={invitation.expiresAt} time="short" />
                </div>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={`Withdraw the invitation to ${invitation.email}`}
                onClick={() => ask(invitation)}
              >
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      )}
      {modal}
    </section>
  );
}
