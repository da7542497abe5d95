import type { ApiKey } from '@shop/contract/api-keys';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiKeysQuery } from './api/api-keys';
import { exampleCall, ShownKey } from './components/shown-key';
import { ApiKeysPage } from './pages/api-keys-page';

const keys: ApiKey[] = [
  {
    _id: '01900000-0000-7000-8000-000000000001',
    name: 'Our ERP',
    scopes: ['catalog:read', 'orders:write'],
    createdAt: '2026-11-02T08:00:00.000Z',
    lastUsedAt: '2026-11-20T09:15:30.000Z',
  },
  {
    _id: '01900000-0000-7000-8000-000000000002',
    name: 'Stock script',
    scopes: ['catalog:read'],
    createdAt: '2026-11-03T08:00:00.000Z',
  },
];

function rendered(): string {
  const client = new QueryClient();
  client.setQueryData(apiKeysQuery.queryKey, keys);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApiKeysPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('API keys', () => {
  it('lists the keys with what they may do and their last use, never the keys themselves', () => {
    const html = rendered();
    expect(html).toContain('Our ERP');
    expect(html).toContain('Read the catalog, Place and cancel orders');
    expect(html).toContain('20 Nov 2026, 09:15 UTC');
    expect(html).toContain('Never');
    expect(html).toContain('Your keys (2 of at most 20)');
    expect(html).toContain('aria-label="Revoke Stock script"');
    expect(html).not.toContain('sk_live_');
  });

  it('shows a new key once, with an example call to copy', () => {
    const key = 'sk_live_abc';
    const html = renderToStaticMarkup(
      <ShownKey created={{ _id: keys[0]?._id ?? '', key }} onDone={() => {}} />,
    );
    expect(html).toContain(key);
    expect(html).toContain('Copy key');
    expect(html).toContain('cannot show it again');
    expect(exampleCall('https://shop.example.com', key)).toBe(
      'curl -H "authorization: Bearer sk_live_abc" "https://shop.example.com/api/parts?limit=5"',
    );
  });
});
