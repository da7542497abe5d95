import type { RefusedLine } from '@shop/contract/errors';
import type { TransferBody } from '@shop/contract/punchout';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format';
import { forgetStoredPunchout, usePunchout } from '../../../lib/punchout-session';
import { showError } from '../../../lib/toasts';
import { useTransfer } from '../api/punchout';
import { sendThroughPunchoutPage } from '../procurement-form';

export const TRANSFER_LABEL = 'Transfer to procurement';

/**
 * A punchout's checkout: Transfer to procurement sends the builder's lines to the shop, which
 * prices them and answers the form for the procurement system; the builder and the kept session
 * are cleared, and the form is posted from the /punchout page (procurement-form.ts): the
 * procurement system's page then replaces the shop. Lines the
 * shop refuses come back through `onRefused`, as the checkout's do.
 */
export function TransferCard({
  lines,
  ready,
  total,
  onRefused,
  onTransferred,
}: {
  lines: TransferBody['lines'];
  ready: boolean;
  total: number;
  onRefused: (refused: readonly RefusedLine[], message: string) => void;
  /** Clears the order builder, before the procurement system's page replaces the shop's. */
  onTransferred: () => void;
}) {
  const punchout = usePunchout();
  const transfer = useTransfer();
  const [leaving, setLeaving] = useState(false);
  const send = () =>
    transfer.mutate(
      { lines },
      {
        onSuccess: (answer) => {
          try {
            setLeaving(true);
            onTransferred();
            forgetStoredPunchout();
            sendThroughPunchoutPage(answer, window.sessionStorage, window.location);
          } catch (error) {
            setLeaving(false);
            showError(error);
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details.details?.length)
            onRefused(error.details.details, error.message);
          showError(error);
        },
      },
    );
  const company = punchout?.session.companyName ?? 'your company';
  return (
    <section aria-labelledby="transfer-title" className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id="transfer-title" className="card-title">
          Checkout
        </h2>
        <p>
          Order total: <strong>{formatDollars(total)}</strong>
        </p>
        <p className="text-sm text-base-content/80">
          The lines go to {company}'s procurement system at your prices, with your part numbers. Nothing is
          ordered yet: once approved there, its purchase order comes back to the shop as your order.
        </p>
        {leaving ? (
          <p role="status">Sending the lines to your procurement system…</p>
        ) : (
          <button
            type="button"
            className="btn btn-primary self-start"
            disabled={!ready || transfer.isPending}
            onClick={send}
          >
            {TRANSFER_LABEL}
          </button>
        )}
        {!ready && lines.length > 0 && (
          <p className="text-sm text-error">Correct the lines marked above to transfer them.</p>
        )}
      </div>
    </section>
  );
}
