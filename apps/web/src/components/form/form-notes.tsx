import type { ReactNode } from 'react';

/** A form's error in red above its button (sign-in errors word for word, docs/product.md §8). */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-error">
      {message}
    </p>
  );
}

/** A short confirmation, read out when it appears. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-box bg-success/15 p-3 font-medium text-success-content">
      {children}
    </p>
  );
}
