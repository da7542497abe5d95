import type { ToastOptions } from 'react-toastify/unstyled';

/**
 * react-toastify, loaded with the first toast or once the page has rendered (see app-layout.tsx),
 * not among the modules every page's start waits for: a toast comes after something was done.
 * Toasts shown before its container is there wait for it.
 */
export const loadToasts = (): Promise<typeof import('react-toastify/unstyled')> =>
  import('react-toastify/unstyled');

function show(kind: 'error' | 'success' | 'info', message: string, options: ToastOptions = {}): void {
  void loadToasts().then(({ toast }) => toast[kind](message, options));
}

/** docs/product.md §9: toasts close after 5 s, top-right, drag to dismiss at 80 %, pause on hover and focus loss. */
export const toastSettings = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
} as const;

export function showError(error: unknown, toastId?: string): void {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  show('error', message, toastId ? { toastId } : {});
}

export function showSuccess(message: string): void {
  show('success', message);
}

export function showInfo(message: string): void {
  show('info', message);
}

/** A request's outcome told in toasts: `done` in green (then `after`), or why it failed in red. */
export function toastOutcome(done: string, after?: () => void) {
  return {
    onSuccess: () => {
      showSuccess(done);
      after?.();
    },
    onError: (error: unknown) => showError(error),
  };
}
