import type { ApiKey } from '@shop/contract/api-keys';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { formatDay } from '../../../lib/availability';
import { showError, showSuccess } from '../../../lib/toasts';
import { useRevokeApiKey } from '../api/api-keys';
import { SCOPE_TEXT } from './new-key-form';

/** When a key was last used: the day and the minute (UTC), or never. */
const lastUse = (at: string | undefined) => (at ? `${formatDay(at)}, ${at.slice(11, 16)} UTC` : 'Never');

/** The caller's keys: name, what each may do, when made and last used, and a button to revoke it. */
export function KeysTable({ keys }: { keys: ApiKey[] }) {
  const revoke = useRevokeApiKey();
  return (
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
            <LabelledCell label="May">{key.scopes.map((scope) => SCOPE_TEXT[scope]).join(', ')}</LabelledCell>
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
  );
}
