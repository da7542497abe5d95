import { showError, showSuccess } from '../../../lib/toasts';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess(`${what} copied`);
  } catch (error) {
    showError(error);
  }
}

/** A button that puts `text` on the clipboard and says `{what} copied`. */
export function CopyButton({ text, what, label }: { text: string; what: string; label: string }) {
  return (
    <button type="button" className="btn btn-sm shrink-0" onClick={() => copy(text, what)}>
      {label}
    </button>
  );
}
