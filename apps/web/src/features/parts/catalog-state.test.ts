import { CATALOG_PAGE_SIZE } from '@shop/contract/storefront';
import { describe, expect, it } from 'vitest';
import { partsPath } from './api/get-parts';
import { catalogRequest, catalogSearch, pageAt, readCatalogState } from './catalog-state';

const read = (search: string) => readCatalogState(new URLSearchParams(search));

describe("the catalog's address", () => {
  it('reads the search, the sort and the page', () => {
    expect(read('')).toEqual({ q: '', sort: 'catalog', page: 1 });
    expect(read('?q=relay&sort=-name&page=3')).toEqual({ q: 'relay', sort: '-name', page: 3 });
    expect(read('q=%C3%9Fe+100%25&sort=newest')).toEqual({ q: 'ße 100%', sort: 'newest', page: 1 });
  });

  it('reads what it cannot show as the default', () => {
    expect(read('sort=price&page=0')).toEqual({ q: '', sort: 'catalog', page: 1 });
    for (const page of ['-1', '1.5', 'two', '', '01', '99999999999'])
      expect(read(`page=${encodeURIComponent(page)}`).page, page).toBe(1);
    expect(read('sort=NAME').sort).toBe('catalog');
  });

  it('cuts a search to what the API takes: trimmed, no control characters, 200 characters', () => {
    expect(read('q=%20%20relay%20%20').q).toBe('relay');
    expect(read('q=re%00lay%1F').q).toBe('relay');
    expect(read(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
    expect(read('q=%20%20%20').q).toBe('');
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(catalogSearch({ q: '', sort: 'catalog', page: 1 }).toString()).toBe('');
    const states = [
      { q: 'relay board', sort: 'name', page: 2 },
      { q: '', sort: 'newest', page: 1 },
      { q: '100% & more?', sort: 'catalog', page: 7 },
      { q: 'x', sort: '-name', page: 1 },
    ] as const;
    for (const state of states) expect(readCatalogState(catalogSearch(state))).toEqual(state);
    expect(catalogSearch({ q: 'fuse', sort: '-name', page: 4 }).toString()).toBe('q=fuse&sort=-name&page=4');
  });

  it('asks the API for the page it shows', () => {
    expect(catalogRequest(read('q=relay&sort=name&page=3'))).toEqual({
      limit: CATALOG_PAGE_SIZE,
      offset: 2 * CATALOG_PAGE_SIZE,
      q: 'relay',
      sort: 'name',
    });
    expect(partsPath(catalogRequest(read('q=relay&sort=name&page=3')))).toBe(
      `/api/parts?limit=${CATALOG_PAGE_SIZE}&offset=${2 * CATALOG_PAGE_SIZE}&q=relay&sort=name`,
    );
    // /catalog's defaults are left out of its address.
    expect(partsPath(catalogRequest(read('')))).toBe(`/api/parts?limit=${CATALOG_PAGE_SIZE}`);
  });

  it("turns the pager's offsets into pages", () => {
    expect(pageAt(0)).toBe(1);
    expect(pageAt(CATALOG_PAGE_SIZE)).toBe(2);
    expect(pageAt(5 * CATALOG_PAGE_SIZE)).toBe(6);
  });
});
