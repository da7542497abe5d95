import { CATALOG_PAGE_SIZE } from '@shop/contract/storefront';
import { describe, expect, it } from 'vitest';
import {
  type CatalogState,
  catalogSearch,
  filterCount,
  inCategory,
  readCatalogState,
  searchPath,
  withFilter,
} from './catalog-state';

const read = (search: string) => readCatalogState(new URLSearchParams(search));
const TIPS = '0190f3a2-7c4b-7d1e-9a2b-3c4d5e6f7a8b';
const none: CatalogState = {
  q: '',
  category: '',
  tool: '',
  filters: {},
  inStock: false,
  activeOnly: false,
  sort: '',
  offset: 0,
};

describe("the finder's address", () => {
  it('reads the search, category, filters, toggles, sort and offset', () => {
    expect(read('')).toEqual(none);
    expect(
      read(
        `q=T-24C&category=${TIPS}&f.width=2mm..3mm&f.shape=chisel,bevel&inStock=true&lifecycle=active&sort=-price&offset=48`,
      ),
    ).toEqual({
      q: 'T-24C',
      category: TIPS,
      tool: '',
      filters: { width: '2mm..3mm', shape: 'chisel,bevel' },
      inStock: true,
      activeOnly: true,
      sort: '-price',
      offset: 48,
    });
    // As a browser's form or a hand-written link sends it: µ and Ω escaped, + for a space.
    expect(read('q=10k+0603&f.capacitance=4.7%C2%B5..10%C2%B5F&f.resistance=10k%CE%A9').filters).toEqual({
      capacitance: '4.7µ..10µF',
      resistance: '10kΩ',
    });
  });

  it('reads what it cannot ask for as the default, and keeps a filter as written for the API to judge', () => {
    expect(read('sort=catalog&offset=-1&category=tips&tool=x&inStock=yes&lifecycle=obsolete')).toEqual(none);
    // A tool model's parts, as a tool's page links them.
    expect(read(`tool=${TIPS}`)).toEqual({ ...none, tool: TIPS });
    for (const offset of ['1.5', 'two', '', '99999999999'])
      expect(read(`offset=${offset}`).offset, offset).toBe(0);
    expect(read(`category=${TIPS.toUpperCase()}`).category).toBe(TIPS);
    // Not an attribute key, or empty: no filter. A value the API cannot read stays, and it says why.
    expect(read('f.Width=2&f.=1&f.2x=3&f.width=&limit=5&page=2').filters).toEqual({});
    expect(read('f.width=wide').filters).toEqual({ width: 'wide' });
    // A repeated filter is any of its values, as a form of ticked boxes sends them without the app.
    expect(read('f.shape=chisel&f.shape=bevel&f.shape=&f.width=2mm..3mm').filters).toEqual({
      shape: 'chisel,bevel',
      width: '2mm..3mm',
    });
    expect(read(`f.shape=${'a'.repeat(1999)}&f.shape=knife`).filters.shape).toHaveLength(2000);
  });

  it('cuts what the API would refuse: control characters, a search past 200 characters, more than 20 filters', () => {
    expect(read('q=%20%20re%00lay%1F%20').q).toBe('relay');
    expect(read(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
    const many = Array.from({ length: 25 }, (_, i) => `f.k${i}=1`).join('&');
    expect(Object.keys(read(many).filters)).toHaveLength(20);
  });

  it('writes only what differs from the default, in a fixed order, and reads back what it wrote', () => {
    expect(catalogSearch(none).toString()).toBe('');
    const states: CatalogState[] = [
      { ...none, q: 'heating element', sort: 'price', offset: 24 },
      { ...none, category: TIPS, filters: { width: '2mm..3mm', lead_free: 'true' }, inStock: true },
      { ...none, q: '100% & more?', activeOnly: true, filters: { resistance: '4.7k,10k' } },
      { ...none, tool: TIPS, sort: '-price' },
    ];
    for (const state of states) expect(readCatalogState(catalogSearch(state))).toEqual(state);
    expect(
      catalogSearch({
        ...none,
        q: 'tip',
        category: TIPS,
        filters: { width: '2mm..3mm', shape: 'chisel' },
        inStock: true,
        activeOnly: true,
        sort: 'name',
        offset: 24,
      }).toString(),
    ).toBe(
      `q=tip&category=${TIPS}&f.shape=chisel&f.width=2mm..3mm&inStock=true&lifecycle=active&sort=name&offset=24`,
    );
  });

  it('asks the API for the page it shows, with the same parameters', () => {
    expect(searchPath(read(`category=${TIPS}&f.width=2mm..3mm&offset=24`))).toBe(
      `/api/catalog/search?category=${TIPS}&f.width=2mm..3mm&offset=24&limit=${CATALOG_PAGE_SIZE}`,
    );
    expect(searchPath(none)).toBe(`/api/catalog/search?limit=${CATALOG_PAGE_SIZE}`);
  });

  it('goes back to the first page when a choice changes, and drops the filters with the category', () => {
    const state = { ...none, category: TIPS, filters: { width: '2mm..3mm' }, offset: 48 };
    expect(withFilter(state, 'shape', 'chisel')).toEqual({
      ...state,
      filters: { width: '2mm..3mm', shape: 'chisel' },
      offset: 0,
    });
    expect(withFilter(state, 'width', '')).toEqual({ ...state, filters: {}, offset: 0 });
    expect(inCategory(state, '')).toEqual({ ...state, category: '', filters: {}, offset: 0 });
    expect(filterCount({ ...state, inStock: true, activeOnly: true })).toBe(3);
  });
});
