import {
  type CreatedWebhook,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@shop/contract/webhooks';
import { type FormEvent, useId, useState } from 'react';
import { showError } from '../../../lib/toasts';
import { useCreateWebhook } from '../api/webhooks';
import { EVENT_TEXT } from '../webhook-text';

/** Subscribes a URL to the events ticked; `onCreated` receives the signing secret, shown this once. */
export function NewWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const ids = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['order.created']);
  const create = useCreateWebhook();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          onCreated(created);
        },
        onError: (error) => showError(error),
      },
    );
  };
  const toggle = (type: WebhookEvent, on: boolean) =>
    setEvents((now) =>
      on ? WEBHOOK_EVENTS.filter((e) => e === type || now.includes(e)) : now.filter((e) => e !== type),
    );
  return (
    <form onSubmit={submit} className="card bg-base-200/60" aria-labelledby={`${ids}-title`}>
      <div className="card-body grid gap-3 p-4 sm:p-6">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          Add a webhook
        </h2>
        <div>
          <label htmlFor={`${ids}-url`} className="mb-1 block font-medium">
            URL
          </label>
          <input
            id={`${ids}-url`}
            type="url"
            className="input input-bordered w-full max-w-xl"
            value={url}
            required
            maxLength={MAX_WEBHOOK_URL_LENGTH}
            placeholder="https://erp.example.com/shop-events"
            onChange={(event) => setUrl(event.target.value)}
          />
          <p className="mt-1 text-sm text-base-content/70">An https:// address your systems answer on.</p>
        </div>
        <fieldset>
          <legend className="mb-1 font-medium">Events to send</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={events.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                <span>
                  {EVENT_TEXT[type]} <code className="text-xs">{type}</code>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={create.isPending || events.length === 0 || !url.trim()}
          >
            Add webhook
          </button>
        </div>
      </div>
    </form>
  );
}
