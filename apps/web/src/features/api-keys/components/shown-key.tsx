import type { CreatedApiKey } from '@shop/contract/api-keys';
import { ShownOnce } from '../../../components/ui/shown-once';

/** The example call the page shows beside a new key. */
export function exampleCall(origin: string, key: string): string {
  return `curl -H "authorization: Bearer ${key}" "${origin}/api/parts?limit=5"`;
}

/** A key just made: shown this once, with a button to copy it and an example call. */
export function ShownKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <ShownOnce
      title="Your new key"
      note="Copy it now: the shop keeps only a fingerprint of it and cannot show it again."
      secret={{ value: created.key, copy: { label: 'Copy key', copied: 'Key' } }}
      example={{
        intro: <p>Try it:</p>,
        code: exampleCall(typeof window === 'undefined' ? '' : window.location.origin, created.key),
        copy: { label: 'Copy example call', copied: 'Example call' },
      }}
      onDone={onDone}
    />
  );
}
