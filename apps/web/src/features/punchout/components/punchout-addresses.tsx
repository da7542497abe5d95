import type { PunchoutIdentity } from '@shop/contract/punchout';
import { useId } from 'react';
import { formatDay } from '../../../lib/availability';
import { CopyButton } from './copy-button';

/** Where the procurement system sends what, each to copy into its supplier settings. */
export function PunchoutAddresses({ identity }: { identity: PunchoutIdentity }) {
  const ids = useId();
  const rows = [
    {
      label: 'cXML setup address',
      what: 'Setup address',
      url: identity.setupUrl,
      note: 'PunchOutSetupRequest',
    },
    { label: 'cXML order address', what: 'Order address', url: identity.orderUrl, note: 'OrderRequest' },
    { label: 'OCI address', what: 'OCI address', url: identity.ociUrl, note: 'USERNAME, PASSWORD, HOOK_URL' },
  ];
  return (
    <section aria-labelledby={`${ids}-title`} className="card bg-base-100 shadow">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          Addresses for your procurement system
        </h2>
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.label} className="flex flex-col gap-1">
              <span className="font-medium">
                {row.label} <span className="text-sm font-normal text-base-content/70">({row.note})</span>
              </span>
              <div className="flex flex-wrap items-center gap-2">
                <code className="min-w-0 break-all rounded bg-base-200 px-2 py-1 text-sm">{row.url}</code>
                <CopyButton text={row.url} what={row.what} label={`Copy ${row.label}`} />
              </div>
            </li>
          ))}
        </ul>
        <p className="text-sm text-base-content/70">
          Shared secret made on {formatDay(identity.secretSetAt)}.
        </p>
      </div>
    </section>
  );
}
