import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type Column, PagedTable } from './paged-table';

interface Part {
  id: string;
  name: string;
  price: string;
}

const columns: Column<Part>[] = [
  { header: 'Name', cell: (part) => part.name },
  {
    header: <abbr title="Price per piece">Price</abbr>,
    label: 'Price per piece',
    cell: (part) => part.price,
  },
  {
    header: <span className="sr-only">Actions</span>,
    label: '',
    cell: (part) => <button type="button">Delete {part.name}</button>,
  },
];

const html = renderToStaticMarkup(
  <PagedTable
    loading={false}
    rows={[{ id: '1', name: 'Probe', price: '$135' }]}
    columns={columns}
    rowKey={(part) => part.id}
  />,
);

describe('PagedTable', () => {
  it('is one table whose rows turn into cards on a phone, its headings kept for screen readers', () => {
    expect(html).toContain('table-cards');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    // No column kept in view over the others: nothing covers a price.
    expect(html).not.toContain('sticky');
  });

  it("labels each value with its column's heading, or the label given where the heading is no text", () => {
    expect(html).toContain('<td data-label="Name"><div>Probe</div></td>');
    expect(html).toContain('<td data-label="Price per piece"><div>$135</div></td>');
  });

  it('asks for a label where the heading is no text', () => {
    // @ts-expect-error: a card would show this column's values with no name before them.
    const unnamed: Column<Part> = {
      header: <abbr title="Price per piece">Price</abbr>,
      cell: (part) => part.price,
    };
    expect(unnamed.cell({ id: '1', name: 'Probe', price: '$135' }, 0)).toBe('$135');
  });

  it('gives the actions no label: their buttons name themselves', () => {
    expect(html).toContain('<td><div><button type="button">Delete Probe</button></div></td>');
  });
});
