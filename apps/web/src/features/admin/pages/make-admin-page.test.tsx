import type { User } from '@shop/contract/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE, usersQuery } from '../api/get-users';
import { MakeAdminPage } from './make-admin-page';

const user = (i: number): User => ({
  _id: `0123456789abcdef0123${String(i).padStart(4, '0')}`,
  name: `Buyer ${i}`,
  email: `buyer-${i}@example.com`,
  emailVerified: true,
  ...(i === 0 ? { role: 'admin' as const } : {}),
});

function render(rows: User[], total: number) {
  const client = new QueryClient();
  client.setQueryData(usersQuery({ limit: USERS_PAGE_SIZE, offset: 0 }).queryKey, { rows, total });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MakeAdminPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Make Admin', () => {
  it('asks for the first page of users, not all of them: GET /api/users is paged', () => {
    expect(usersQuery({ limit: USERS_PAGE_SIZE, offset: 0 }).queryKey).toEqual([
      'users',
      { limit: USERS_PAGE_SIZE, offset: 0 },
    ]);
    expect(USERS_PAGE_SIZE).toBeLessThanOrEqual(100);
  });

  it('shows a page of users with Previous/Next when there are more than a page', () => {
    const rows = Array.from({ length: USERS_PAGE_SIZE }, (_, i) => user(i));
    const html = render(rows, 45);
    expect(html).toContain('buyer-1@example.com');
    expect(html).toContain('aria-label="Make Admin buyer-1@example.com"');
    expect(html).toContain('Admin</span>');
    expect(html).toContain('Page 1 of 3');
    expect(html).toContain('Next');
  });

  it('shows no pager when every user fits on one page', () => {
    const html = render([user(0), user(1)], 2);
    expect(html).toContain('buyer-1@example.com');
    expect(html).not.toContain('Page 1 of');
  });
});
