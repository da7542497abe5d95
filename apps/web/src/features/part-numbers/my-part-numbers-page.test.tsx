import type { CustomerPartNumbers } from '@shop/contract/customer-part-numbers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../lib/api-client';
import { partNumbersQuery, savePartNumbers } from './api/part-numbers';
import { MyPartNumbersPage } from './pages/my-part-numbers-page';

const TIP = '01900000-0000-7000-8000-000000000001';
const set = (editable: boolean): CustomerPartNumbers => ({
  items: [{ partsId: TIP, customerPartNumber: 'KA-TIP-42', partsName: 'Soldering tip', mpn: 'T-24C' }],
  owner: 'company',
  editable,
});

afterEach(() => vi.unstubAllGlobals());

/** The page as it renders with the set already read. */
function rendered(editable: boolean): string {
  const client = new QueryClient();
  client.setQueryData(partNumbersQuery.queryKey, { ...set(editable), etag: '"abc"' });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MyPartNumbersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My Part Numbers', () => {
  it("shows a company's buyer its numbers to read, with no way to change them", () => {
    const html = rendered(false);
    expect(html).toContain('KA-TIP-42');
    expect(html).toContain('Your company&#x27;s part numbers');
    expect(html).toContain('Only your company&#x27;s admins change these numbers');
    expect(html).not.toContain('Add a part number');
    expect(html).not.toContain('Import from a spreadsheet');
    expect(html).not.toContain('>Edit<');
    expect(html).not.toContain('>Remove<');
  });

  it('gives who may change them Add, Import, Edit and Remove', () => {
    const html = rendered(true);
    for (const text of ['Add a part number', 'Import from a spreadsheet', '>Edit<', '>Remove<'])
      expect(html).toContain(text);
  });

  it('reads the set with its ETag, and sends it back as If-Match with the whole set', async () => {
    const calls: { method: string; headers: Headers; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        calls.push({
          method: init.method ?? 'GET',
          headers: new Headers(init.headers),
          body: init.body ? JSON.parse(String(init.body)) : undefined,
        });
        return new Response(JSON.stringify(set(true)), {
          status: 200,
          headers: { 'content-type': 'application/json', etag: '"v1"' },
        });
      }),
    );
    setTokenSource({ accessToken: async () => 'token', afterRejection: async () => null });
    const read = await new QueryClient().fetchQuery(partNumbersQuery);
    expect(read.etag).toBe('"v1"');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token');
    const items = [{ partsId: TIP, customerPartNumber: 'KA-TIP-43' }];
    const saved = await savePartNumbers({ items, etag: read.etag });
    expect(saved.etag).toBe('"v1"');
    expect(calls[1]).toMatchObject({ method: 'PUT', body: { items } });
    expect(calls[1]?.headers.get('if-match')).toBe('"v1"');
  });
});
