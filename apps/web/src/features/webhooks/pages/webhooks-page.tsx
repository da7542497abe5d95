import { type CreatedWebhook, MAX_WEBHOOKS } from '@shop/contract/webhooks';
import { useState } from 'react';
import { CappedList } from '../../../components/ui/capped-list';
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
      <CappedList
        noun="webhooks"
        items={webhooks}
        isPending={isPending}
        isError={isError}
        max={MAX_WEBHOOKS}
        empty={<p>No webhooks yet: add one above.</p>}
      >
        {(list) => <WebhooksTable webhooks={list} shown={shown} onShow={setShown} />}
      </CappedList>
      {shownWebhook && <Deliveries key={shownWebhook._id} webhook={shownWebhook} />}
    </div>
  );
}
