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

/**
 * A field's row: its label, its control, and its hint and error below it, tied together for screen
 * readers. `control` draws the control from the props it takes: the ties, its class (`look`, and
 * `invalid` added while the field is in error), the field's own attributes and its registration.
 */
function fieldRow<Attributes>(
  { label, registration, error, hint, ...attributes }: FieldProps & Attributes,
  [look, invalid]: [string, string],
  control: (props: ControlProps & UseFormRegisterReturn & { className: string }) => ReactNode,
) {
  return (
    <FieldRowFrame
      label={label}
      error={error}
      hint={hint}
      control={(tie) =>
        control({ ...tie, className: `${look} ${error ? invalid : ''}`, ...attributes, ...registration })
      }
    />
  );
}

function FieldRowFrame({
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

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/** A labelled input. */
export const TextField = (props: FieldProps & InputAttributes) =>
  fieldRow(props, ['input input-bordered w-full', 'input-error'], (control) => <input {...control} />);

/** The same for longer text. */
export const TextAreaField = (
  props: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>,
) =>
  fieldRow(props, ['textarea textarea-bordered w-full', 'textarea-error'], (control) => (
    <textarea rows={4} {...control} />
  ));

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
export const EmailField = (props: Omit<FieldProps, 'label' | 'hint'> & InputAttributes) => (
  <TextField label="Email" type="email" autoComplete="email" required {...props} />
);
