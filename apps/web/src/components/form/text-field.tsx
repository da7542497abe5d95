import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
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

/** What ties a field's control to its label, hint and error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A field's row: its label, its control, and its hint and error below it, tied together for screen readers. */
function FieldRow({
  label,
  error,
  hint,
  control,
}: Omit<FieldProps, 'registration'> & { control: (props: ControlProps) => ReactNode }) {
  const ids = useFieldIds(error, hint);
  return (
    <div className="w-full">
      <label htmlFor={ids.id} className="mb-1 block font-medium">
        {label}
      </label>
      {control({ id: ids.id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.describedBy })}
      <FieldNotes ids={ids} label={label} error={error} hint={hint} />
    </div>
  );
}

/** A labelled input. */
export function TextField({
  label,
  registration,
  error,
  hint,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  return (
    <FieldRow
      label={label}
      error={error}
      hint={hint}
      control={(tie) => (
        <input
          className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
          {...tie}
          {...input}
          {...registration}
        />
      )}
    />
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
  return (
    <FieldRow
      label={label}
      error={error}
      hint={hint}
      control={(tie) => (
        <textarea
          rows={4}
          className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
          {...tie}
          {...area}
          {...registration}
        />
      )}
    />
  );
}

/** The buyer's mobile number (My Profile, a purchase). */
export function MobileField(props: Omit<FieldProps, 'label' | 'hint'>) {
  return (
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
}
