import { useEffect, useRef } from 'react';

/**
 * A `<dialog>` shown as a modal while `open`, closed otherwise: the ref to put on it. Its own
 * close (Escape, a form's `method="dialog"`) reaches the page through the dialog's `onClose`.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
