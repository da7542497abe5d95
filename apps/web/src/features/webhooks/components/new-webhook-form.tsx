import { type CreatedWebhook, MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENTS } from '@shop/contract/webhooks';
import { ChoicesForm } from '../../../components/form/choices-form';
import { useCreateWebhook } from '../api/webhooks';
import { EVENT_TEXT } from '../webhook-text';

/** Subscribes a URL to the events ticked; `onCreated` receives the signing secret, shown this once. */
export function NewWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const create = useCreateWebhook();
  return (
    <ChoicesForm
      title="Add a webhook"
      field={{
        name: 'url',
        label: 'URL',
        type: 'url',
        className: 'w-full max-w-xl',
        maxLength: MAX_WEBHOOK_URL_LENGTH,
        placeholder: 'https://erp.example.com/shop-events',
        hint: 'An https:// address your systems answer on.',
      }}
      choices={{
        legend: 'Events to send',
        all: WEBHOOK_EVENTS,
        text: EVENT_TEXT,
        initial: ['order.created'],
      }}
      submitLabel="Add webhook"
      create={create}
      body={(url, events) => ({ url, events })}
      onCreated={onCreated}
    />
  );
}
