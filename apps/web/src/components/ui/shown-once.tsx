import { type ReactNode, useId } from 'react';
import { showError, showSuccess } from '../../lib/toasts';

/** Copies `text` to the clipboard and says so: '<what> copied'. */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess(`${what} copied`);
  } catch (error) {
    showError(error);
  }
}

/** A button's text and what its toast says was copied. */
interface CopyButton {
  label: string;
  copied: string;
}

/**
 * A secret the shop has just made (an API key, a webhook's signing secret), shown this once: the
 * secret first with a button to copy it, then `example` (how to use it: `intro`, then its code,
 * with a button to copy that too when `copy` is given), and 'I have kept it', which calls `onDone`.
 */
export function ShownOnce({
  title,
  note,
  secret,
  example,
  onDone,
}: {
  title: string;
  /** Why to copy it now. */
  note: string;
  secret: { value: string; copy: CopyButton };
  example: { intro: ReactNode; code: string; copy?: CopyButton };
  onDone: () => void;
}) {
  const ids = useId();
  const { copy } = example;
  return (
    <section
      role="alert"
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-box border border-success bg-success/10 p-4 sm:p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p>{note}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded bg-base-100 px-2 py-1 text-base-content">
          {secret.value}
        </code>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => copyText(secret.value, secret.copy.copied)}
        >
          {secret.copy.label}
        </button>
      </div>
      {example.intro}
      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-base-100 p-2 text-sm text-base-content">
        {example.code}
      </pre>
      <div className="flex flex-wrap gap-2">
        {copy && (
          <button type="button" className="btn btn-sm" onClick={() => copyText(example.code, copy.copied)}>
            {copy.label}
          </button>
        )}
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          I have kept it
        </button>
      </div>
    </section>
  );
}
