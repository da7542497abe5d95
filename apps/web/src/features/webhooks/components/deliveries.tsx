import type { Webhook, WebhookDelivery } from '@shop/contract/webhooks';
import { useId, useState } from 'react';
import { PagedTable } from '../../../components/ui/paged-table';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { showError, showSuccess } from '../../../lib/toasts';
import { useDeliveries, useSendAgain } from '../api/webhooks';
import {
  atMinute,
  attemptOutcome,
  DELIVERY_STATUS_BADGE,
  DELIVERY_STATUS_TEXT,
  nextAttempt,
} from '../webhook-text';

/** One webhook's deliveries, newest first, 20 a page, each with its attempts and Send again. */
export function Deliveries({ webhook }: { webhook: Webhook }) {
  const ids = useId();
  // The pages seen so far, by the id their list starts before (undefined: the newest).
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const before = pages.at(-1);
  const { data, isPending, isError } = useDeliveries(webhook._id, before);
  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-3">
      <h2 id={`${ids}-title`} className="break-all text-xl font-semibold">
        Deliveries to {webhook.url}
      </h2>
      {isPending && <ProgressBar label="Loading the deliveries" />}
      {isError && <p>The deliveries cannot be shown just now. Please try again soon.</p>}
      {data &&
        (data.items.length === 0 ? (
          <p>Nothing has been sent to it yet: it hears of the events ticked from when it was added.</p>
        ) : (
          <DeliveriesTable webhookId={webhook._id} deliveries={data.items} />
        ))}
      <div className="flex flex-wrap gap-2">
        {pages.length > 1 && (
          <button type="button" className="btn btn-sm" onClick={() => setPages((now) => now.slice(0, -1))}>
            Newer
          </button>
        )}
        {data?.next && (
          <button type="button" className="btn btn-sm" onClick={() => setPages((now) => [...now, data.next])}>
            Older
          </button>
        )}
      </div>
    </section>
  );
}

function DeliveriesTable({ webhookId, deliveries }: { webhookId: string; deliveries: WebhookDelivery[] }) {
  const sendAgain = useSendAgain(webhookId);
  return (
    <PagedTable
      loading={false}
      rows={deliveries}
      rowKey={(delivery) => delivery._id}
      columns={[
        {
          header: 'Event',
          cell: (delivery) => (
            <>
              <code>{delivery.type}</code>
              <div className="text-sm text-base-content/70">{atMinute(delivery.createdAt)}</div>
            </>
          ),
        },
        {
          header: 'Status',
          cell: (delivery) => (
            <span className={`badge ${DELIVERY_STATUS_BADGE[delivery.status]}`}>
              {DELIVERY_STATUS_TEXT[delivery.status]}
            </span>
          ),
        },
        {
          header: 'Attempts',
          cell: (delivery) =>
            delivery.attempts.length === 0 ? (
              'None yet'
            ) : (
              <ol className="flex flex-col gap-1 text-sm">
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.at} className="break-words">
                    {atMinute(attempt.at)}: {attemptOutcome(attempt)}
                  </li>
                ))}
              </ol>
            ),
        },
        { header: 'Next attempt', cell: (delivery) => nextAttempt(delivery) },
        {
          header: <span className="sr-only">Actions</span>,
          label: '',
          cell: (delivery) => (
            <button
              type="button"
              className="btn btn-sm"
              aria-label={`Send again: ${delivery.type} of ${atMinute(delivery.createdAt)}`}
              disabled={sendAgain.isPending}
              onClick={() =>
                sendAgain.mutate(delivery._id, {
                  onSuccess: () => showSuccess('It will be sent again within a minute'),
                  onError: (error) => showError(error),
                })
              }
            >
              Send again
            </button>
          ),
        },
      ]}
    />
  );
}
