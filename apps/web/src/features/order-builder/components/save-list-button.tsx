import type { LineInput } from '@shop/contract/orders';
import { type FormEvent, useId, useState } from 'react';
import { useModalDialog } from '../../../lib/modal-dialog';
import { showError, showSuccess } from '../../../lib/toasts';
import { useCreateList } from '../api/lists';

export const LIST_SAVED_MESSAGE = 'List saved. Find it under Lists in your dashboard.';

/** 'Save as list': asks for the list's name, then keeps `lines` as a saved list (POST /api/lists). */
export function SaveListButton({
  lines,
  defaultName = '',
  className = 'btn btn-outline btn-sm',
  disabled = false,
  label,
}: {
  lines: readonly LineInput[];
  defaultName?: string;
  className?: string;
  disabled?: boolean;
  /** The button's accessible name, where several such buttons share a page. */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);
  const dialog = useModalDialog(open);
  const createList = useCreateList();
  const id = useId();
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    createList.mutate(
      {
        name: trimmed,
        lines: lines.map(({ partsId, quantity, reference }) => ({
          partsId,
          quantity,
          ...(reference ? { reference } : {}),
        })),
      },
      {
        onSuccess: () => {
          showSuccess(LIST_SAVED_MESSAGE);
          setOpen(false);
        },
        onError: (error) => showError(error),
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        Save as list
      </button>
      <dialog ref={dialog} className="modal" onClose={() => setOpen(false)} aria-labelledby={`${id}-title`}>
        <form className="modal-box flex flex-col gap-3" onSubmit={submit}>
          <h2 id={`${id}-title`} className="text-lg font-bold">
            Save as list
          </h2>
          <div>
            <label htmlFor={`${id}-name`} className="mb-1 block font-medium">
              List name
            </label>
            <input
              id={`${id}-name`}
              className="input input-bordered w-full"
              value={name}
              maxLength={100}
              required
              onChange={(event) => setName(event.target.value)}
            />
            <p className="mt-1 text-sm text-base-content/70">
              {lines.length === 1 ? '1 line' : `${lines.length} lines`} to order again later.
            </p>
          </div>
          <div className="modal-action">
            <button type="submit" className="btn btn-primary" disabled={!trimmed || createList.isPending}>
              Save list
            </button>
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
