import type { CreatedWebhook } from '@shop/contract/webhooks';
import { useId } from 'react';
import { showError, showSuccess } from '../../../lib/toasts';
import { VERIFY_EXAMPLE } from '../webhook-text';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess('Secret copied');
  } catch (error) {
    showError(error);
  }
}

/** A webhook just added: its signing secret, shown this once, and how to check a delivery with it. */
export function ShownSecret({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const ids = useId();
  return (
    <section
      role="alert"
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-box border border-success bg-success/10 p-4 sm:p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        Your webhook’s signing secret
      </h2>
      <p>Copy it now: the shop cannot show it again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded bg-base-100 px-2 py-1 text-base-content">
          {created.secret}
        </code>
        <button type="button" className="btn btn-sm" onClick={() => copy(created.secret)}>
          Copy secret
        </button>
      </div>
      <p className="max-w-prose">
        Each delivery is a POST whose header <code className="break-all">x-shop-signature: t=…,v1=…</code>{' '}
        holds the time it was sent (unix seconds) and <code className="break-all">v1</code>, the hex
        HMAC-SHA256 of <code>"&lt;t&gt;.&lt;body&gt;"</code> made with this secret. Compute it over the body
        as received, compare, and refuse a <code>t</code> more than a few minutes old. In Node:
      </p>
      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-base-100 p-2 text-sm text-base-content">
        {VERIFY_EXAMPLE}
      </pre>
      <div>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          I have kept it
        </button>
      </div>
    </section>
  );
}
