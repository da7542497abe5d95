import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

/** The pager's markup as a page shows it (links need a router). */
const markup = (element: React.ReactElement) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);

describe('Pager', () => {
  it('shows nothing when the list fits one page', () => {
    expect(markup(<Pager offset={0} limit={20} total={20} hrefOf={(o) => `/tools?o=${o}`} />)).toBe('');
  });

  it("links the pages around this one by their addresses, the first page's Previous not a link", () => {
    const first = markup(
      <Pager
        offset={0}
        limit={20}
        total={41}
        hrefOf={(o) => `/tools?page=${o / 20 + 1}`}
        totalText="41 tool models"
      />,
    );
    expect(first).toContain('Page 1 of 3 (41 tool models)');
    expect(first).toContain('href="/tools?page=2"');
    expect(first).not.toContain('href="/tools?page=0"');
    expect(first).toMatch(/<span class="btn btn-sm btn-disabled" aria-disabled="true">Previous<\/span>/);

    const last = markup(
      <Pager offset={40} limit={20} total={41} hrefOf={(o) => `/tools?page=${o / 20 + 1}`} />,
    );
    expect(last).toContain('Page 3 of 3');
    expect(last).toContain('href="/tools?page=2"');
    expect(last).toMatch(/aria-disabled="true">Next<\/span>/);
  });

  it('is buttons without addresses', () => {
    const html = markup(<Pager offset={20} limit={20} total={41} onChange={() => {}} />);
    expect(html).not.toContain('href');
    expect(html.match(/<button type="button" class="btn btn-sm">/g)).toHaveLength(2);
  });
});
