import { describe, expect, it } from 'vitest';
import { renderedPageKey } from './server-rendered';

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
