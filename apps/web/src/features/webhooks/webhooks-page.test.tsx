import type { Webhook, WebhookDeliveryList } from '@shop/contract/webhooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deliveriesQuery, webhooksQuery } from './api/webhooks';
import { Deliveries } from './components/deliveries';
import { ShownSecret } from './components/shown-secret';
import { WebhooksPage } from './pages/webhooks-page';
import { attemptOutcome, nextAttempt } from './webhook-text';

const webhook: Webhook = {
  _id: '01900000-0000-7000-8000-000000000001',
  url: 'https://erp.example.com/shop-events',
  events: ['order.created', 'order.paid'],
  createdAt: '2026-11-02T08:00:00.000Z',
};

const deliveries: WebhookDeliveryList = {
  items: [
    {
      _id: '01900000-0000-7000-8000-0000000000d1',
      eventId: '01900000-0000-7000-8000-0000000000e1',
      type: 'order.paid',
      createdAt: '2026-11-20T09:15:30.000Z',
      status: 'pending',
      nextAttemptAt: '2026-11-20T09:19:00.000Z',
      attempts: [
        { at: '2026-11-20T09:15:40.000Z', status: 500 },
        { at: '2026-11-20T09:17:40.000Z', error: 'connect ECONNREFUSED' },
      ],
    },
  ],
  next: '01900000-0000-7000-8000-0000000000d0',
};

function rendered(children: ReactNode, fill: (client: QueryClient) => void): string {
  const client = new QueryClient();
  fill(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Webhooks', () => {
  it('lists the webhooks with their events, never a secret', () => {
    const html = rendered(<WebhooksPage />, (client) =>
      client.setQueryData(webhooksQuery.queryKey, [webhook]),
    );
    expect(html).toContain('https://erp.example.com/shop-events');
    expect(html).toContain('order.paid');
    expect(html).toContain('2 Nov 2026');
    expect(html).toContain('Your webhooks (1 of at most 10)');
    expect(html).toContain('aria-label="Delete the webhook to https://erp.example.com/shop-events"');
    expect(html).toContain('Add webhook');
  });

  it('says when there are none', () => {
    const html = rendered(<WebhooksPage />, (client) => client.setQueryData(webhooksQuery.queryKey, []));
    expect(html).toContain('No webhooks yet: add one above.');
  });

  it('shows a webhook’s deliveries with each attempt, the next one and Send again', () => {
    const html = rendered(<Deliveries webhook={webhook} />, (client) =>
      client.setQueryData(deliveriesQuery(webhook._id).queryKey, deliveries),
    );
    expect(html).toContain('Deliveries to https://erp.example.com/shop-events');
    expect(html).toContain('Pending');
    expect(html).toContain('20 Nov 2026, 09:15 UTC: HTTP 500');
    expect(html).toContain('20 Nov 2026, 09:17 UTC: connect ECONNREFUSED');
    expect(html).toContain('20 Nov 2026, 09:19 UTC');
    expect(html).toContain('Send again');
    expect(html).toContain('Older');
  });

  it('shows a new secret once, with how to check the signature', () => {
    const html = renderToStaticMarkup(
      <ShownSecret created={{ _id: webhook._id, secret: 'whsec_abc' }} onDone={() => {}} />,
    );
    expect(html).toContain('whsec_abc');
    expect(html).toContain('Copy secret');
    expect(html).toContain('cannot show it again');
    expect(html).toContain('x-shop-signature: t=…,v1=…');
    expect(html).toContain('HMAC-SHA256');
  });
});

describe('attemptOutcome', () => {
  it('names the HTTP status, the error, both, or no answer', () => {
    expect(attemptOutcome({ status: 503 })).toBe('HTTP 503');
    expect(attemptOutcome({ error: 'timeout' })).toBe('timeout');
    expect(attemptOutcome({ status: 302, error: 'redirects are not followed' })).toBe(
      'HTTP 302: redirects are not followed',
    );
    expect(attemptOutcome({})).toBe('No answer');
  });
});

describe('nextAttempt', () => {
  it('is shown for a pending delivery only', () => {
    expect(nextAttempt({ status: 'pending', nextAttemptAt: '2026-11-20T09:19:00.000Z' })).toBe(
      '20 Nov 2026, 09:19 UTC',
    );
    expect(nextAttempt({ status: 'pending' })).toBe('Soon');
    expect(nextAttempt({ status: 'delivered' })).toBe('—');
    expect(nextAttempt({ status: 'failed', nextAttemptAt: '2026-11-20T09:19:00.000Z' })).toBe('—');
  });
});
