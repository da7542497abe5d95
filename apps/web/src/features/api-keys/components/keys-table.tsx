import type { ApiKey } from '@shop/contract/api-keys';
import { PagedTable } from '../../../components/ui/paged-table';
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
    <PagedTable
      loading={false}
      rows={keys}
      rowKey={(key) => key._id}
      columns={[
        { header: 'Name', cell: (key) => key.name },
        { header: 'May', cell: (key) => key.scopes.map((scope) => SCOPE_TEXT[scope]).join(', ') },
        { header: 'Made', cell: (key) => formatDay(key.createdAt) },
        { header: 'Last used', cell: (key) => lastUse(key.lastUsedAt) },
        {
          header: <span className="sr-only">Actions</span>,
          label: '',
          cell: (key) => (
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
          ),
        },
      ]}
    />
  );
}
