import { describe, expect } from 'vitest';
import { test } from '../../test-support/fixture.js';
import { demoParts, demoSparePartNames } from './demo-catalog.js';
import { DEMO_SPARE_PARTS } from './demo-spare-parts.js';
import { DEMO_TOOLS } from './demo-tools.js';

test.override('shopOptions', { demo: true });

type Category = { _id: string; name: string; parentId?: string; partCount: number };
type Facet = {
  key: string;
  type: string;
  unit?: string;
  values?: { value: unknown; count: number }[];
  min?: number;
  max?: number;
};
type Found = {
  total: number;
  parts: {
    name: string;
    mpn?: string;
    categoryId?: string;
    manufacturer?: string;
    lifecycle: string;
    replacementId?: string;
    _id: string;
    available_quantity: number;
    price_breaks: unknown[];
    documents: unknown[];
  }[];
  facets: Facet[];
};

describe('the demo catalog', () => {
  test('keeps the tools and adds the spare parts, each named with its mpn', async ({ as }) => {
    const all = (await as(null).get('/api/parts?limit=100')).json() as { name: string }[];
    const names = all.map((part) => part.name);
    expect(names.slice(0, demoParts.length)).toEqual(demoParts.map((part) => part.name));
    // Then the demo catalog's spare parts, then those of the demo tools it does not hold.
    const spares = names.slice(demoParts.length, demoParts.length + demoSparePartNames.length);
    expect(spares).toEqual(demoSparePartNames);
    const toolSpares = DEMO_SPARE_PARTS.map((part) => part.name).filter((name) => !spares.includes(name));
    expect(names.slice(demoParts.length + demoSparePartNames.length)).toEqual(toolSpares);
    expect(demoSparePartNames.length).toBeGreaterThanOrEqual(40);
    expect(demoSparePartNames.length).toBeLessThanOrEqual(80);
    for (const name of demoSparePartNames) expect(name).toMatch(/ \([A-Z0-9][A-Z0-9-]+\)$/);
    for (const name of [
      'Soldering tip, chisel 2.4 mm (T-24C)',
      'Heating element 80 W (HE-80)',
      'Hot-air nozzle 8 mm (N-8)',
      'Test lead set 1000 V CAT III (TL-1000)',
      'Fuse 10 A 1000 V (F-10A)',
      'Crimp die set 0.5–6 mm² (CD-06)',
    ])
      expect(demoSparePartNames).toContain(name);
  });

  test('has a tree of categories with their parts counted', async ({ as }) => {
    const categories = (await as(null).get('/api/categories')).json() as Category[];
    const named = (name: string) => categories.find((category) => category.name === name);
    expect(named('Soldering tips')?.parentId).toBe(named('Soldering')?._id);
    expect(named('Resistors')?.parentId).toBe(named('Components')?._id);
    expect(named('Soldering tips')?.partCount).toBe(10);
    const soldering = named('Soldering')?._id;
    expect(named('Soldering')?.partCount).toBe(
      categories.filter((c) => c.parentId === soldering).reduce((sum, c) => sum + c.partCount, 0),
    );
    // Every spare part is in a category: the demo catalog's and the demo tools' own.
    const toolSpares = DEMO_SPARE_PARTS.filter((part) => !demoSparePartNames.includes(part.name));
    expect(toolSpares.length).toBeGreaterThan(0);
    expect(named('Soldering station spares')?.parentId).toBe(soldering);
    expect(categories.reduce((sum, c) => sum + (c.parentId ? c.partCount : 0), 0)).toBe(
      demoSparePartNames.length + toolSpares.length,
    );
  });

  test("the demo tools' own spares say which model they fit", async ({ as }) => {
    const categories = (await as(null).get('/api/categories')).json() as Category[];
    const spares = categories.find((category) => category.name === 'Crimping tool spares')?._id;
    const found = (await as(null).get(`/api/catalog/search?category=${spares}`)).json() as Found;
    expect(found.total).toBeGreaterThan(0);
    const fits = found.facets.find((facet) => facet.key === 'fits');
    const crimper = DEMO_TOOLS.find((tool) =>
      tool.lines.some((line) => line.part.startsWith('Ratchet pawl')),
    );
    expect(fits?.values).toEqual([{ value: crimper?.model, count: found.total }]);
    // Whether each wears out, as its line on the tool's parts list says: a facet to narrow by.
    const ownSpares = (crimper?.lines ?? []).filter((line) => !demoSparePartNames.includes(line.part));
    const wearing = ownSpares.filter((line) => line.wear).length;
    expect(wearing).toBeGreaterThan(0);
    expect(wearing).toBeLessThan(found.total);
    expect(found.facets.find((facet) => facet.key === 'wears')?.values).toEqual(
      expect.arrayContaining([
        { value: true, count: wearing },
        { value: false, count: found.total - wearing },
      ]),
    );
    const worn = (await as(null).get(`/api/catalog/search?category=${spares}&f.wears=true`)).json() as Found;
    expect(worn.parts.map((part) => part.name).sort()).toEqual(
      ownSpares
        .filter((line) => line.wear)
        .map((line) => line.part)
        .sort(),
    );
  });

  test("gives the finder its facets: a tip's width in metres, its shape, and a range filter", async ({
    as,
  }) => {
    const categories = (await as(null).get('/api/categories')).json() as Category[];
    const tips = categories.find((category) => category.name === 'Soldering tips')?._id;
    const all = (await as(null).get(`/api/catalog/search?category=${tips}`)).json() as Found;
    expect(all.total).toBe(10);
    const width = all.facets.find((facet) => facet.key === 'width');
    expect(width).toMatchObject({ type: 'number', unit: 'm', min: 0.001, max: 0.005 });
    const shape = all.facets.find((facet) => facet.key === 'shape');
    expect(shape?.values).toContainEqual({ value: 'chisel', count: 5 });

    const narrowed = (
      await as(null).get(`/api/catalog/search?category=${tips}&f.width=2mm..3mm&f.shape=chisel`)
    ).json() as Found;
    expect(narrowed.parts.map((part) => part.mpn)).toEqual(['T-24C']);
    // The shape's counts ignore the shape filter: the other shapes of 2–3 mm stay countable.
    expect(narrowed.facets.find((facet) => facet.key === 'shape')?.values).toEqual(
      expect.arrayContaining([
        { value: 'chisel', count: 1 },
        { value: 'knife', count: 1 },
        { value: 'bevel', count: 1 },
      ]),
    );
  });

  test('finds components by value, and has stock, lifecycle and price breaks to show', async ({ as }) => {
    const categories = (await as(null).get('/api/categories')).json() as Category[];
    const resistors = categories.find((category) => category.name === 'Resistors')?._id;
    const tenK = (
      await as(null).get(`/api/catalog/search?category=${resistors}&f.resistance=10k`)
    ).json() as Found;
    expect(tenK.parts.map((part) => part.mpn).sort()).toEqual(['RC0603FR-0710KL', 'RC1206FR-0710KL']);
    const page = (await as(null).get('/api/catalog/search?q=heating+element&limit=100')).json() as Found;
    const old = page.parts.find((part) => part.mpn === 'HE-60');
    const current = page.parts.find((part) => part.mpn === 'HE-80');
    expect(old?.lifecycle).toBe('obsolete');
    expect(old?.replacementId).toBe(current?._id);
    const spares = { parts: [] as Found['parts'] };
    for (const offset of [0, 100])
      spares.parts.push(
        ...((await as(null).get(`/api/catalog/search?limit=100&offset=${offset}&sort=name`)).json() as Found)
          .parts,
      );
    // The demo catalog's spare parts (the demo tools' own have no datasheets).
    const found = spares.parts.filter((part) => demoSparePartNames.includes(part.name));
    expect(found).toHaveLength(demoSparePartNames.length);
    expect(found.every((part) => part.manufacturer && part.documents.length > 0)).toBe(true);
    expect(found.filter((part) => part.lifecycle === 'nrnd')).toHaveLength(1);
    expect(found.filter((part) => part.available_quantity === 0).length).toBeGreaterThanOrEqual(3);
    expect(found.filter((part) => part.price_breaks.length > 0).length).toBeGreaterThanOrEqual(5);
  });
});
