import type { CreatedWebhook } from '@shop/contract/webhooks';
import { ShownOnce } from '../../../components/ui/shown-once';
import { VERIFY_EXAMPLE } from '../webhook-text';

/** A webhook just added: its signing secret, shown this once, and how to check a delivery with it. */
export function ShownSecret({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  return (
    <ShownOnce
      title="Your webhook’s signing secret"
      note="Copy it now: the shop cannot show it again."
      secret={{ value: created.secret, copy: { label: 'Copy secret', copied: 'Secret' } }}
      example={{
        intro: (
          <p className="max-w-prose">
            Each delivery is a POST whose header <code className="break-all">x-shop-signature: t=…,v1=…</code>{' '}
            holds the time it was sent (unix seconds) and <code className="break-all">v1</code>, the hex
            HMAC-SHA256 of <code>"&lt;t&gt;.&lt;body&gt;"</code> made with this secret. Compute it over the
            body as received, compare, and refuse a <code>t</code> more than a few minutes old. In Node:
          </p>
        ),
        code: VERIFY_EXAMPLE,
      }}
      onDone={onDone}
    />
  );
}
