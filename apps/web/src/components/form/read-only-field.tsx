import { useId } from 'react';

/** A value shown in a form that the person cannot change (their name and email, their role). */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      <input id={id} className="input input-bordered w-full bg-base-200" value={value} readOnly />
    </div>
  );
}
