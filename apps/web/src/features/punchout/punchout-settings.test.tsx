import type { Company } from '@shop/contract/companies';
import type { PunchoutIdentity } from '@shop/contract/punchout';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IdentityForm } from './components/identity-form';
import { PunchoutAddresses } from './components/punchout-addresses';
import { punchoutLabel } from './components/punchout-banner';
import { ShownSecret } from './components/shown-secret';

const identity: PunchoutIdentity = {
  companyId: '01900000-0000-7000-8000-000000000001',
  domain: 'NetworkID',
  identity: 'AN0100',
  ociUsername: 'acme-oci',
  buyerEmail: 'bea@acme.example',
  secretSetAt: '2026-11-20T09:15:30.000Z',
  setupUrl: 'https://shop.example/api/punchout/cxml/setup',
  orderUrl: 'https://shop.example/api/punchout/cxml/order',
  ociUrl: 'https://shop.example/api/punchout/oci',
};
const members: Company['members'] = [
  {
    uid: '01900000-0000-7000-8000-0000000000a1',
    name: 'Ada Admin',
    email: 'ada@acme.example',
    role: 'admin',
  },
  {
    uid: '01900000-0000-7000-8000-0000000000b1',
    name: 'Bea Buyer',
    email: 'bea@acme.example',
    role: 'buyer',
  },
] as Company['members'];

const form = (current: PunchoutIdentity | null) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <IdentityForm companyId={identity.companyId} members={members} current={current} onSecret={() => {}} />
    </QueryClientProvider>,
  );

describe('Dashboard › Punchout', () => {
  it('offers the members as the buyer, and a new secret only once there is one', () => {
    const first = form(null);
    expect(first).toContain('Bea Buyer (bea@acme.example)');
    expect(first).not.toContain('Make a new shared secret');
    const saved = form(identity);
    expect(saved).toContain('value="AN0100"');
    expect(saved).toContain('value="acme-oci"');
    expect(saved).toContain('Make a new shared secret');
  });

  it('shows a new secret once, saying it cannot be shown again', () => {
    const html = renderToStaticMarkup(<ShownSecret secret="s3cr3t-value" onDone={() => {}} />);
    expect(html).toContain('s3cr3t-value');
    expect(html).toContain('Copy secret');
    expect(html).toContain('shown only this once');
  });

  it('gives the three addresses to copy', () => {
    const html = renderToStaticMarkup(<PunchoutAddresses identity={identity} />);
    for (const url of [identity.setupUrl, identity.orderUrl, identity.ociUrl]) expect(html).toContain(url);
    expect(html).toContain('Copy OCI address');
    expect(html).toContain('20 Nov 2026');
  });

  it('names the company and the buyer in the banner', () => {
    expect(punchoutLabel('Acme Assembly', 'Bea Buyer')).toBe('Punchout for Acme Assembly · Bea Buyer');
  });
});
