import { useState } from 'react';
import { useModalDialog } from '../../lib/modal-dialog';
import { showError } from '../../lib/toasts';

/** docs/product.md §2: the 'Are you sure?' question before cancel, delete and make-admin. */
export function ConfirmModal({
  open,
  onConfirm,
  onClose,
  busy = false,
}: {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
}) {
  const dialog = useModalDialog(open);
  return (
    <dialog ref={dialog} className="modal" onClose={onClose} aria-labelledby="confirm-title">
      <div className="modal-box">
        <h3 id="confirm-title" className="text-lg font-bold">
          Are you sure?
        </h3>
        <div className="modal-action">
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
            Yes
          </button>
          <button type="button" className="btn" onClick={onClose}>
            no
          </button>
        </div>
      </div>
    </dialog>
  );
}

interface ConfirmableMutation {
  mutate(id: string, options: { onError: (error: Error) => void; onSettled: () => void }): void;
  isPending: boolean;
}

/**
 * A row's action behind 'Are you sure?': `ask(item)` opens the modal, Yes runs the mutation on
 * that item's id (a failure shows as a toast), and `modal` is the element to render.
 */
export function useConfirmedAction<T>(mutation: ConfirmableMutation, idOf: (item: T) => string) {
  const [chosen, setChosen] = useState<T | null>(null);
  const close = () => setChosen(null);
  const modal = (
    <ConfirmModal
      open={chosen !== null}
      busy={mutation.isPending}
      onConfirm={() => {
        if (chosen) mutation.mutate(idOf(chosen), { onError: (error) => showError(error), onSettled: close });
      }}
      onClose={close}
    />
  );
  return { ask: (item: T) => setChosen(item), modal };
}
