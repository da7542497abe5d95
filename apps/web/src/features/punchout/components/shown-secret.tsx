import { useId } from 'react';
import { CopyButton } from './copy-button';

/** A shared secret just made: shown this once, to copy into the procurement system. */
export function ShownSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const ids = useId();
  return (
    <section
      role="alert"
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-box border border-success bg-success/10 p-4 sm:p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        Your new shared secret
      </h2>
      <p className="max-w-prose">
        Copy it now into your procurement system: it is shown only this once, and the shop cannot show it
        again. It is the cXML SharedSecret and the OCI PASSWORD; the secret before it no longer works.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 break-all rounded bg-base-100 px-2 py-1 text-base-content"
          data-testid="punchout-secret"
        >
          {secret}
        </code>
        <CopyButton text={secret} what="Shared secret" label="Copy secret" />
      </div>
      <div>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          I have kept it
        </button>
      </div>
    </section>
  );
}
