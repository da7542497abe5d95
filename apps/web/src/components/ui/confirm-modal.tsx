import { useEffect, useRef } from 'react';

/** SPEC.md §2: the 'Are you sure?' question before cancel, delete and make-admin. */
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
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
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
