import { STOREFRONT_PARTS_PATH } from '@shop/contract/storefront';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partsQuery, STOREFRONT_PARTS } from './get-parts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the storefront list', () => {
  it('asks for the very request the server preloads with its pages', async () => {
    const fetch = vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await new QueryClient().fetchQuery(partsQuery({ limit: STOREFRONT_PARTS }));
    expect(fetch).toHaveBeenCalledWith(STOREFRONT_PARTS_PATH, expect.objectContaining({ method: 'GET' }));
  });
});
