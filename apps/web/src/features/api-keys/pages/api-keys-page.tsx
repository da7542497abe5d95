import { type CreatedApiKey, MAX_API_KEYS } from '@shop/contract/api-keys';
import { useId, useState } from 'react';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDay } from '../../../lib/availability';
import { formatCount } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { NewKeyForm, SCOPE_TEXT } from '../components/new-key-form';
import { ShownKey } from '../components/shown-key';

/** When a key was last used: the day and the minute (UTC), or never. */
const lastUse = (at: string | undefined) => (at ? `${formatDay(at)}, ${at.slice(11, 16)} UTC` : 'Never');

/**
 * Dashboard › API keys: keys for the buyer's own systems (an ERP, a stock script), each named and
 * limited to what it may do; a company admin's keys act for the company.
 */
export function ApiKeysPage() {
  const ids = useId();
  const { data: keys, isPending, isError } = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey>();
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-prose text-base-content/80">
        Let your own systems read the catalog, follow your orders or place them, without your password. A key
        does what you may do, only what you tick, and stops working the moment you revoke it. If you run a
        company, only its admins make keys, and they act for the company.
      </p>
      {created && <ShownKey created={created} onDone={() => setCreated(undefined)} />}
      <NewKeyForm onCreated={setCreated} />
      {isPending && <ProgressBar label="Loading your keys" />}
      {isError && <p>Your keys cannot be shown just now. Please try again soon.</p>}
      {keys && (
        <section aria-labelledby={`${ids}-keys`} className="flex flex-col gap-3">
          <h2 id={`${ids}-keys`} className="text-xl font-semibold">
            Your keys ({formatCount(keys.length)} of at most {formatCount(MAX_API_KEYS)})
          </h2>
          {keys.length === 0 ? (
            <p>No keys yet: make one above.</p>
          ) : (
            <table className="table table-cards">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">May</th>
                  <th scope="col">Made</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key._id}>
                    <LabelledCell label="Name">{key.name}</LabelledCell>
                    <LabelledCell label="May">
                      {key.scopes.map((scope) => SCOPE_TEXT[scope]).join(', ')}
                    </LabelledCell>
                    <LabelledCell label="Made">{formatDay(key.createdAt)}</LabelledCell>
                    <LabelledCell label="Last used">{lastUse(key.lastUsedAt)}</LabelledCell>
                    <LabelledCell label={undefined}>
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-sm"
                        aria-label={`Revoke ${key.name}`}
                        disabled={revoke.isPending}
                        onClick={() =>
                          revoke.mutate(key._id, {
                            onSuccess: () => showSuccess('Key revoked'),
                            onError: (error) => showError(error),
                          })
                        }
                      >
                        Revoke
                      </button>
                    </LabelledCell>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
