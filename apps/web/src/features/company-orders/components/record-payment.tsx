import { SettlementBody } from '@shop/contract/companies';
import type { Order } from '@shop/contract/orders';
import { type ReactNode, useId, useState } from 'react';
import { formatDollars } from '../../../lib/format';
import { useModalDialog } from '../../../lib/modal-dialog';
import { showSuccess } from '../../../lib/toasts';
import { useRecordSettlement } from '../api/company-orders';
import { formatDueDate, orderStanding } from '../order-status';
import { StandingBadge } from './standing';

/**
 * Manage All Order's cell for an order that waits for its company's approval, was rejected by
 * it, or is a net-30 invoice not yet paid: where it stands and, for the invoice, when it falls
 * due and Record payment, a small form for the bank transfer's reference. Once recorded the
 * order is paid and the row shows so. `children`: the page's own actions.
 */
export function AdminOrderStanding({ order, children }: { order: Order; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const standing = orderStanding(order);
  return (
    <div className="flex flex-col items-start gap-1">
      {standing.kind === 'invoiced' ? (
        <>
          <span className={`badge whitespace-nowrap ${standing.overdue ? 'badge-error' : 'badge-info'}`}>
            {standing.overdue ? 'Overdue' : 'Invoiced'}
          </span>
          <p className="text-xs text-base-content/70">
            {order.invoiceNumber ? `${order.invoiceNumber}, due` : 'Due'}{' '}
            <span className="whitespace-nowrap">{formatDueDate(standing.dueDate)}</span> (net 30)
          </p>
        </>
      ) : (
        <StandingBadge order={order} />
      )}
      {standing.kind === 'invoiced' && (
        <button
          type="button"
          className="btn btn-primary btn-xs"
          aria-label={`Record payment of ${order.invoiceNumber ?? 'the invoice'} (${order.userName})`}
          onClick={() => setOpen(true)}
        >
          Record payment
        </button>
      )}
      {children}
      {standing.kind === 'invoiced' && (
        <RecordPaymentDialog order={order} open={open} onClose={() => setOpen(false)} />
      )}
    </div>
  );
}

function RecordPaymentDialog({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const dialog = useModalDialog(open);
  const settle = useRecordSettlement();
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState('');
  const inputId = useId();
  const titleId = useId();
  const close = () => {
    setProblem('');
    settle.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = SettlementBody.safeParse({ reference });
    if (!parsed.success) {
      setProblem(`Bank reference ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
      return;
    }
    setProblem('');
    settle.mutate(
      { id: order._id, reference: parsed.data.reference },
      {
        onSuccess: () => {
          showSuccess(`Payment recorded: ${order.invoiceNumber ?? 'the order'} is paid`);
          setReference('');
          close();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <dialog ref={dialog} className="modal" onClose={close} aria-labelledby={titleId}>
      <form className="modal-box flex flex-col gap-3" onSubmit={submit} noValidate>
        <h3 id={titleId} className="text-lg font-bold">
          Record payment
        </h3>
        <p className="text-sm">
          {order.invoiceNumber ?? 'The invoice'} of {order.userName}: {formatDollars(order.price)} received by
          bank transfer.
        </p>
        <div>
          <label htmlFor={inputId} className="mb-1 block font-medium">
            Bank reference
          </label>
          <input
            id={inputId}
            className="input input-bordered w-full"
            value={reference}
            maxLength={100}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-problem` : undefined}
            onChange={(event) => {
              setReference(event.target.value);
              setProblem('');
            }}
          />
          {problem && (
            <p id={`${inputId}-problem`} role="alert" className="mt-1 text-sm text-error">
              {problem}
            </p>
          )}
        </div>
        <div className="modal-action mt-0">
          <button type="submit" className="btn btn-primary" disabled={settle.isPending}>
            Record payment
          </button>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
