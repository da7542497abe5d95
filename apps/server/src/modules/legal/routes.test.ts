import { describe, expect } from 'vitest';
import { test } from '../../test-support/fixture.js';

test.override('shopOptions', {
  demo: false,
  env: {
    SELLER_LEGAL_NAME: 'Chattogram Tool Works Ltd',
    SELLER_ADDRESS: 'Plot 12, Kalurghat\\nChattogram 4208, Bangladesh',
    SELLER_TAX_ID: 'BIN 004455667-0202',
    SELLER_IBAN: 'DE89370400440532013000',
    SELLER_BIC: 'COBADEFFXXX',
    SELLER_EMAIL: 'billing@tool-works.example',
  },
});

describe('GET /api/operator', () => {
  test('names who runs the shop as configured, to anyone, without the bank account', async ({ as }) => {
    const res = await as(null).get('/api/operator');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      legalName: 'Chattogram Tool Works Ltd',
      address: ['Plot 12, Kalurghat', 'Chattogram 4208, Bangladesh'],
      taxId: 'BIN 004455667-0202',
      email: 'billing@tool-works.example',
    });
    expect(res.body).not.toContain('DE89');
    expect(res.body).not.toContain('COBADE');
  });
});
