import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderedSession, type SessionState } from '../../auth';
import { ChangePasswordForm } from './change-password-form';

const render = (session: SessionState) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <RenderedSession.Provider value={session}>
        <ChangePasswordForm />
      </RenderedSession.Provider>
    </QueryClientProvider>,
  );

describe('Change password on My Profile', () => {
  it("says docs/product.md's 'No user is logged in' when nobody is signed in, and shows no form", () => {
    const html = render({ status: 'signed-out' });
    expect(html).toContain('No user is logged in');
    expect(html).not.toContain('<form');
  });

  it('asks a signed-in user for the current and the new password, in password fields with labels', () => {
    const html = render({
      status: 'signed-in',
      accessToken: 'token',
      user: { uid: '01a2', name: 'Rupsha', email: 'rupsha@example.com' },
    });
    expect(html).not.toContain('No user is logged in');
    for (const label of ['Current password', 'New password']) {
      const id = new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
      expect(id, label).toBeDefined();
      expect(html).toMatch(new RegExp(`<input id="${id}"[^>]*type="password"`));
    }
  });
});
