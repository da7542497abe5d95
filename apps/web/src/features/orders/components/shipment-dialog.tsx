import { MAX_CARRIER, MAX_TRACKING_NUMBER } from '@shop/contract/fulfilment';
import type { Order } from '@shop/contract/orders';
import { type ReactNode, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { useModalDialog } from '../../../lib/modal-dialog';
import { showError, showSuccess } from '../../../lib/toasts';

/**
 * The shell of the ship dialogs (Mark shipped, fulfilment.tsx; Ship a parcel, parcel-form.tsx): a
 * modal titled `title` (its id `<id>-title`), open while `order` is set, showing what `children`
 * makes of it, and a close button.
 */
export function ShipmentDialog({
  id,
  title,
  order,
  onClose,
  children,
}: {
  id: string;
  title: string;
  order: Order | null;
  onClose: () => void;
  children: (order: Order) => ReactNode;
}) {
  const dialog = useModalDialog(order !== null);
  return (
    <dialog ref={dialog} className="modal" onClose={onClose} aria-labelledby={`${id}-title`}>
      <div className="modal-box">
        <h3 id={`${id}-title`} className="pr-10 text-lg font-bold">
          {title}
        </h3>
        {order && children(order)}
        {/* After the form, so that the dialog opens with its first field focused. */}
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
          aria-label="Close"
          onClick={onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </dialog>
  );
}

/** What a shipment form's request is told: done (`onSuccess`), or refused. */
interface Sending {
  onSuccess: () => void;
  onError: (failure: Error) => void;
}

/**
 * The form of a ship dialog: `children` (the pieces, if chosen), then the carrier and the tracking
 * number. `send` sends what the rules let through; its success says `shipped` and calls `onDone`,
 * its refusal shows under the form and as a toast.
 */
export function ShipmentForm<Values extends FieldValues, Output>({
  form,
  rules,
  send,
  submitLabel,
  busy,
  shipped,
  onDone,
  children,
}: {
  form: UseFormReturn<Values, any, Output>;
  rules: { warm: () => void };
  send: (values: Output, sending: Sending) => void;
  submitLabel: string;
  busy: boolean;
  shipped: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  const [error, setError] = useState<string>();
  const onSubmit = form.handleSubmit((values) => {
    setError(undefined);
    send(values, {
      onSuccess: () => {
        showSuccess(shipped);
        onDone();
      },
      onError: (failure) => {
        setError(failure.message);
        showError(failure);
      },
    });
  });
  // Every ship form has these two fields; its own (the parcel's pieces) come from `children`.
  const field = fieldsOf(form as unknown as UseFormReturn<{ carrier: string; trackingNumber: string }>);
  return (
    <RulesForm
      rules={rules}
      onSubmit={onSubmit}
      className="mt-4 flex flex-col gap-3"
      error={error}
      submit={{ label: submitLabel, busy, className: 'btn btn-primary self-start' }}
    >
      {children}
      <TextField
        label="Carrier"
        autoComplete="off"
        placeholder="DHL Express"
        maxLength={MAX_CARRIER}
        {...field('carrier')}
      />
      <TextField
        label="Tracking number"
        autoComplete="off"
        maxLength={MAX_TRACKING_NUMBER}
        {...field('trackingNumber')}
      />
    </RulesForm>
  );
}
