import { type InputHTMLAttributes, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** A labelled input with its error below it, tied together for screen readers. */
export function TextField({
  label,
  registration,
  error,
  ...input
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="w-full">
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
        {...registration}
      />
      {error?.message && (
        <p id={errorId} className="mt-1 text-sm text-error">
          {label} {error.message}
        </p>
      )}
    </div>
  );
}
