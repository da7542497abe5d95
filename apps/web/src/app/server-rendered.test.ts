import { CATALOG_FIRST_PAGE_PATH } from '@shop/contract/storefront';
import { describe, expect, it } from 'vitest';
import { pageRequests, renderedPageKey } from './server-rendered';

describe('the pages the server renders, by route', () => {
  it('names a page by its route, whatever the address’s parameters', () => {
    expect(renderedPageKey('/')).toBe('/');
    expect(renderedPageKey('/home')).toBe('/home');
    expect(renderedPageKey('/parts')).toBe('/parts');
    expect(renderedPageKey('/dashboard')).toBe('/dashboard');
    expect(renderedPageKey('/dashboard/payment/abc')).toBe('/dashboard/payment/:id');
    expect(renderedPageKey('/dashboard/payment/0190aaaa-0000-7000-8000-000000000000')).toBe(
      '/dashboard/payment/:id',
    );
    expect(renderedPageKey('/dashboard/edit-product/x')).toBe('/dashboard/edit-product/:id');
  });

  it('names no page where the server renders none', () => {
    expect(renderedPageKey('/purchase/abc')).toBeNull();
    expect(renderedPageKey('/no-such-page')).toBeNull();
    expect(renderedPageKey('/dashboard/no-such-page')).toBeNull();
  });
});

describe("the catalog's pages", () => {
  const id = '0190aaaa-0000-7000-8000-000000000000';

  it('renders /catalog with its first page', () => {
    expect(renderedPageKey('/catalog')).toBe('/catalog');
    expect(pageRequests('/catalog')).toEqual([CATALOG_FIRST_PAGE_PATH]);
  });

  it("renders each part's own page apart, with the part", () => {
    expect(renderedPageKey(`/parts/${id}`)).toBe(`/parts/${id}`);
    expect(pageRequests(`/parts/${id}`)).toEqual([`/api/partsById?id=${id}`]);
  });

  it('renders no page for an address that names no part', () => {
    for (const path of ['/parts/abc', `/parts/${id.toUpperCase()}`, `/parts/${id}/more`, '/parts/%2E%2E'])
      expect(renderedPageKey(path), path).toBeNull();
  });
});
