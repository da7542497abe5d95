import type { CreatedApiKey } from '@shop/contract/api-keys';
import { useId } from 'react';
import { showError, showSuccess } from '../../../lib/toasts';

/** The example call the page shows beside a new key. */
export function exampleCall(origin: string, key: string): string {
  return `curl -H "authorization: Bearer ${key}" "${origin}/api/parts?limit=5"`;
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess(`${what} copied`);
  } catch (error) {
    showError(error);
  }
}

/** A key just made: shown this once, with a button to copy it and an example call. */
export function ShownKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const ids = useId();
  const call = exampleCall(typeof window === 'undefined' ? '' : window.location.origin, created.key);
  return (
    <section
      role="alert"
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-box border border-success bg-success/10 p-4 sm:p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        Your new key
      </h2>
      <p>Copy it now: the shop keeps only a fingerprint of it and cannot show it again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded bg-base-100 px-2 py-1 text-base-content">
          {created.key}
        </code>
        <button type="button" className="btn btn-sm" onClick={() => copy(created.key, 'Key')}>
          Copy key
        </button>
      </div>
      <p>Try it:</p>
      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-base-100 p-2 text-sm text-base-content">
        {call}
      </pre>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={() => copy(call, 'Example call')}>
          Copy example call
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          I have kept it
        </button>
      </div>
    </section>
  );
}
