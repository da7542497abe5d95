import type { Webhook } from '@shop/contract/webhooks';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { PagedTable } from '../../../components/ui/paged-table';
import { formatDay } from '../../../lib/availability';
import { useDeleteWebhook } from '../api/webhooks';

/**
 * The caller's webhooks: URL, events, when added, a button to show its deliveries and Delete
 * behind 'Are you sure?'. `shown` is the webhook whose deliveries are open.
 */
export function WebhooksTable({
  webhooks,
  shown,
  onShow,
}: {
  webhooks: Webhook[];
  shown: string | undefined;
  onShow: (id: string | undefined) => void;
}) {
  const remove = useDeleteWebhook();
  const { ask, modal } = useConfirmedAction<Webhook>(
    {
      isPending: remove.isPending,
      mutate: (id, options) => {
        // Its deliveries close first: read again after the delete, they would be a 404.
        if (shown === id) onShow(undefined);
        remove.mutate(id, options);
      },
    },
    (webhook) => webhook._id,
    (webhook) => `Delete the webhook to ${webhook.url}: nothing more is sent to it.`,
  );
  return (
    <>
      <PagedTable
        loading={false}
        rows={webhooks}
        rowKey={(webhook) => webhook._id}
        rowClassName={(webhook) => (shown === webhook._id ? 'bg-base-200' : undefined)}
        columns={[
          { header: 'URL', className: 'break-all', cell: (webhook) => webhook.url },
          {
            header: 'Events',
            cell: (webhook) => (
              <ul className="flex flex-wrap gap-1">
                {webhook.events.map((type) => (
                  <li key={type}>
                    <code className="badge badge-ghost badge-sm">{type}</code>
                  </li>
                ))}
              </ul>
            ),
          },
          { header: 'Added', cell: (webhook) => formatDay(webhook.createdAt) },
          {
            header: <span className="sr-only">Actions</span>,
            label: '',
            cell: (webhook) => {
              const open = shown === webhook._id;
              const words = open ? 'Hide deliveries' : 'Deliveries';
              return (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-expanded={open}
                    aria-label={`${words} to ${webhook.url}`}
                    onClick={() => onShow(open ? undefined : webhook._id)}
                  >
                    {words}
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm"
                    aria-label={`Delete the webhook to ${webhook.url}`}
                    onClick={() => ask(webhook)}
                  >
                    Delete
                  </button>
                </div>
              );
            },
          },
        ]}
      />
      {modal}
    </>
  );
}
