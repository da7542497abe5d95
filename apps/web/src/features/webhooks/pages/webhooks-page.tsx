import { type CreatedWebhook, MAX_WEBHOOKS } from '@shop/contract/webhooks';
import { useId, useState } from 'react';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatCount } from '../../../lib/format';
import { useWebhooks } from '../api/webhooks';
import { Deliveries } from '../components/deliveries';
import { NewWebhookForm } from '../components/new-webhook-form';
import { ShownSecret } from '../components/shown-secret';
import { WebhooksTable } from '../components/webhooks-table';

/**
 * Dashboard › Webhooks: URLs of the buyer's own systems that the shop tells of orders and quotes
 * as they happen, each delivery signed; with every delivery's attempts and Send again.
 */
export function WebhooksPage() {
  const ids = useId();
  const { data: webhooks, isPending, isError } = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook>();
  const [shown, setShown] = useState<string>();
  const shownWebhook = webhooks?.find((webhook) => webhook._id === shown);
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-prose text-base-content/80">
        Let the shop tell your own systems when an order is placed, paid or shipped, or a quote gets an offer,
        instead of asking again and again. Each event is sent as a signed POST to your URL, and tried again
        for a day until your system answers. A company admin hears of the company’s orders too.
      </p>
      {created && <ShownSecret created={created} onDone={() => setCreated(undefined)} />}
      <NewWebhookForm onCreated={setCreated} />
      {isPending && <ProgressBar label="Loading your webhooks" />}
      {isError && <p>Your webhooks cannot be shown just now. Please try again soon.</p>}
      {webhooks && (
        <section aria-labelledby={`${ids}-webhooks`} className="flex flex-col gap-3">
          <h2 id={`${ids}-webhooks`} className="text-xl font-semibold">
            Your webhooks ({formatCount(webhooks.length)} of at most {formatCount(MAX_WEBHOOKS)})
          </h2>
          {webhooks.length === 0 ? (
            <p>No webhooks yet: add one above.</p>
          ) : (
            <WebhooksTable webhooks={webhooks} shown={shown} onShow={setShown} />
          )}
        </section>
      )}
      {shownWebhook && <Deliveries key={shownWebhook._id} webhook={shownWebhook} />}
    </div>
  );
}
