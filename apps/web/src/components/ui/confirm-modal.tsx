import { type ReactNode, useState } from 'react';
import { useModalDialog } from '../../lib/modal-dialog';
import { showError } from '../../lib/toasts';

/**
 * docs/product.md §2: the 'Are you sure?' question before cancel, delete and make-admin, with
 * what it confirms named under it ("Cancel order SO-000123: …"), so Yes is never a guess.
 */
export function ConfirmModal({
  open,
  what,
  onConfirm,
  onClose,
  busy = false,
}: {
  open: boolean;
  /** What Yes will do, to what: one sentence. */
  what: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
}) {
  const dialog = useModalDialog(open);
  return (
    <dialog
      ref={dialog}
      className="modal"
      onClose={onClose}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-what"
    >
      <div className="modal-box">
        <h3 id="confirm-title" className="text-lg font-bold">
          Are you sure?
        </h3>
        <p id="confirm-what" className="py-3 break-words">
          {what}
        </p>
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
 * A row's action behind 'Are you sure?': `ask(item)` opens the modal naming what Yes does to it
 * (`what(item)`), Yes runs the mutation on that item's id (a failure shows as a toast), and
 * `modal` is the element to render.
 */
export function useConfirmedAction<T>(
  mutation: ConfirmableMutation,
  idOf: (item: T) => string,
  what: (item: T) => ReactNode,
) {
  const [chosen, setChosen] = useState<T | null>(null);
  const close = () => setChosen(null);
  const modal = (
    <ConfirmModal
      open={chosen !== null}
      what={chosen === null ? '' : what(chosen)}
      busy={mutation.isPending}
      onConfirm={() => {
        if (chosen) mutation.mutate(idOf(chosen), { onError: (error) => showError(error), onSettled: close });
      }}
      onClose={close}
    />
  );
  return { ask: (item: T) => setChosen(item), modal };
}
