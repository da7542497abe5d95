import { toast } from 'react-toastify/unstyled';

/** SPEC.md §9: toasts close after 5 s, top-right, drag to dismiss at 80 %, pause on hover and focus loss. */
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
  toast.error(message, toastId ? { toastId } : {});
}

export function showSuccess(message: string): void {
  toast.success(message);
}

export function showInfo(message: string): void {
  toast.info(message);
}
