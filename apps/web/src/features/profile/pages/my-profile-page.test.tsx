import type { SavedAddress } from '@shop/contract/addresses';
import type { User } from '@shop/contract/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderedSession } from '../../auth';
import { MyProfilePage } from './my-profile-page';

const email = 'buyer@meghna.example';
const user: User = {
  _id: '0123456789abcdef01234567',
  name: 'Meghna',
  email,
  mobile: '+880 1712 345678',
  emailVerified: true,
};
const saved: SavedAddress = {
  _id: '0123456789abcdef01234568',
  label: 'Repair centre, Dhaka',
  address: 'Plot 12, Tejgaon I/A\nDhaka 1208',
  createdAt: '2026-11-25T10:00:00.000Z',
};

function render({ admin }: { admin: boolean }) {
  const client = new QueryClient();
  client.setQueryData(['profile', email], admin ? { ...user, role: 'admin' } : user);
  client.setQueryData(['checkAdmin', email], admin);
  client.setQueryData(['addresses'], [saved]);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RenderedSession.Provider
        value={{ status: 'signed-in', accessToken: 'token', user: { uid: '01a2', name: 'Meghna', email } }}
      >
        <MyProfilePage />
      </RenderedSession.Provider>
    </QueryClientProvider>,
  );
}

describe('My Profile', () => {
  it("shows a buyer's saved delivery addresses, each with Delete, and a form to add one", () => {
    const html = render({ admin: false });
    expect(html).toContain('Delivery addresses');
    expect(html).toContain('Repair centre, Dhaka');
    expect(html).toContain('aria-label="Delete Repair centre, Dhaka"');
    for (const label of ['Label', 'Address'])
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}</label>`));
    expect(html).toContain('Add address');
    // Mobile stays the only field of the profile itself to edit.
    expect(html).toContain('Update');
  });

  it('shows an admin no addresses card: the API keeps none for admins', () => {
    const html = render({ admin: true });
    expect(html).not.toContain('Delivery addresses');
    expect(html).toContain('Update');
  });
});
