import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  /** A hint shown under the field (and read with it). */
  hint?: string;
}

/**
 * The schema's messages are fragments ("must be an email address") and read after the label;
 * a page's own messages are sentences ('Enter a product name !') and are shown as they are.
 */
function errorText(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

function useFieldIds(error: FieldError | undefined, hint: string | undefined) {
  const id = useId();
  const described = [error?.message ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { id, errorId: `${id}-error`, hintId: `${id}-hint`, describedBy: described || undefined };
}

function FieldNotes({
  ids,
  label,
  error,
  hint,
}: { ids: ReturnType<typeof useFieldIds> } & Omit<FieldProps, 'registration'>) {
  return (
    <>
      {hint && (
        <p id={ids.hintId} className="mt-1 text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={ids.errorId} className="mt-1 text-sm text-error">
          {errorText(label, error.message)}
        </p>
      )}
    </>
  );
}

/** A labelled input with its hint and error below it, tied together for screen readers. */
export function TextField({
  label,
  registration,
  error,
  hint,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const ids = useFieldIds(error, hint);
  return (
    <div className="w-full">
      <label htmlFor={ids.id} className="mb-1 block font-medium">
        {label}
      </label>
      <input
        id={ids.id}
        className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
        {...registration}
      />
      <FieldNotes ids={ids} label={label} error={error} hint={hint} />
    </div>
  );
}

/** The same for longer text. */
export function TextAreaField({
  label,
  registration,
  error,
  hint,
  ...area
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const ids = useFieldIds(error, hint);
  return (
    <div className="w-full">
      <label htmlFor={ids.id} className="mb-1 block font-medium">
        {label}
      </label>
      <textarea
        id={ids.id}
        rows={4}
        className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...area}
        {...registration}
      />
      <FieldNotes ids={ids} label={label} error={error} hint={hint} />
    </div>
  );
}

/** The buyer's mobile number (My Profile, a purchase). */
export const MobileField = (props: Omit<FieldProps, 'label' | 'hint'>) => (
  <TextField
    label="Mobile"
    type="tel"
    placeholder="+880"
    autoComplete="tel"
    required
    maxLength={30}
    {...props}
  />
);

/** An email address (signing in or up, asking for a reset link, Contact Us). */
export const EmailField = (
  props: Omit<FieldProps, 'label' | 'hint'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>,
) => <TextField label="Email" type="email" autoComplete="email" required {...props} />;
