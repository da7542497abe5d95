import type { FormEventHandler, ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated';
import { FormError } from './form-notes';

/** The button that sends a form: its words, and whether it waits (for an edit, for the answer). */
export interface SubmitButton {
  label: string;
  /** While the form's request is on its way. */
  busy?: boolean;
  /** For another reason (nothing edited yet, a quantity out of range). */
  disabled?: boolean;
  className?: string;
}

/**
 * Every form of the shop: its fields (`children`), then the answer's error in red and any
 * `notes`, then its button. Checked by its rules: lazily loaded ones (`lazyRules`) start loading at
 * the form's first focus or touch; the browser's own checks stay off so that the rules' messages
 * are the ones shown (unless `browserChecks`). `body` puts the fields in a card's body.
 */
export function RulesForm({
  rules,
  onSubmit,
  className = 'flex flex-col gap-3',
  body,
  error,
  notes,
  submit,
  browserChecks = false,
  children,
}: {
  rules?: { warm: () => void };
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  /** The class of a box around the fields and the button (a card's body). */
  body?: string;
  error?: string | undefined;
  notes?: ReactNode;
  submit: SubmitButton;
  browserChecks?: boolean;
  children: ReactNode;
}) {
  // The button waits for the app: on a page the server rendered, a form sent before React has it
  // would be sent by the browser as a GET, its fields (a password) in the address.
  const hydrated = useHydrated();
  const content = (
    <>
      {children}
      <FormError message={error} />
      {notes}
      <button
        type="submit"
        className={submit.className ?? 'btn btn-primary'}
        disabled={!hydrated || submit.busy || submit.disabled}
      >
        {submit.label}
      </button>
    </>
  );
  return (
    <form
      className={className}
      onSubmit={onSubmit}
      onFocus={rules?.warm}
      onPointerDown={rules?.warm}
      noValidate={!browserChecks}
    >
      {body ? <div className={body}>{content}</div> : content}
    </form>
  );
}
