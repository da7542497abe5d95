import { MAX_QUOTE_MESSAGES, type QuoteMessage } from '@shop/contract/quotes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QuoteThread } from './quote-thread';

const messages: QuoteMessage[] = [
  { from: 'buyer', message: 'Any news?', createdAt: '2026-11-25T10:00:00.000Z' },
  { from: 'shop', message: 'Tomorrow.', createdAt: '2026-11-25T11:00:00.000Z' },
];

const render = (messageCount: number) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <QuoteThread quoteId="q1" messages={messages} messageCount={messageCount} admin={false} />
    </QueryClientProvider>,
  );

describe('a quote thread', () => {
  it('shows the messages it has, and no button when they are the whole thread', () => {
    const html = render(2);
    expect(html).toContain('Any news?');
    expect(html).toContain('Tomorrow.');
    expect(html).not.toContain('Show earlier messages');
    expect(html).toContain('Send reply');
  });

  it('offers the earlier messages when the quote carries only the newest', () => {
    expect(render(120)).toContain('Show earlier messages (118 more)');
  });

  it('takes no reply once the thread is full', () => {
    const html = render(MAX_QUOTE_MESSAGES);
    expect(html).not.toContain('Send reply');
    expect(html).toContain(`This quote holds ${MAX_QUOTE_MESSAGES} messages`);
  });
});
