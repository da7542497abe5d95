import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_SELLER, ibanChecks, missingSellerSettings } from './seller-config.js';
import { createTestShop } from './test-support/test-app.js';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' };

/** The problems loadConfig reports for `env`, or none. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('the seller settings', () => {
  it('give the demo seller outside production when none is set, and nothing in production', () => {
    expect(loadConfig({}).seller).toEqual(DEMO_SELLER);
    expect(loadConfig({ NODE_ENV: 'test' }).seller).toEqual(DEMO_SELLER);
    expect(loadConfig({ ...PRODUCTION, SELLER_TAX_ID: ' ' }).seller).toEqual({});
    expect(missingSellerSettings(loadConfig(PRODUCTION).seller)).toEqual([
      'SELLER_LEGAL_NAME',
      'SELLER_ADDRESS',
      'SELLER_TAX_ID',
      'SELLER_IBAN (or SELLER_ACCOUNT_NUMBER)',
    ]);
    expect(missingSellerSettings(DEMO_SELLER)).toEqual([]);
  });

  it('take only what is set once any is set, in a normal form', () => {
    const seller = loadConfig({
      SELLER_LEGAL_NAME: '  Chattogram Tool Works Ltd ',
      SELLER_ADDRESS: 'Plot 12, Kalurghat\\n  Chattogram 4208\r\nBangladesh\n',
      SELLER_IBAN: 'de89 3704 0044 0532 0130 00',
      SELLER_BIC: 'cobadeffxxx',
    }).seller;
    expect(seller).toEqual({
      legalName: 'Chattogram Tool Works Ltd',
      address: 'Plot 12, Kalurghat\nChattogram 4208\nBangladesh',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
  });

  it('refuse bad values, each naming its variable', () => {
    expect(
      problemsOf({
        SELLER_LEGAL_NAME: 'Two\nlines',
        SELLER_ADDRESS: 'x'.repeat(401),
        SELLER_TAX_ID: '#',
        SELLER_IBAN: 'DE88 3704 0044 0532 0130 00',
        SELLER_BIC: 'COBA',
        SELLER_ACCOUNT_NUMBER: '12',
        SELLER_EMAIL: 'billing',
        SELLER_PHONE: 'call us',
      }).map((problem) => problem.split(' ')[0]),
    ).toEqual([
      'SELLER_LEGAL_NAME',
      'SELLER_ADDRESS',
      'SELLER_TAX_ID',
      'SELLER_IBAN',
      'SELLER_BIC',
      'SELLER_ACCOUNT_NUMBER',
      'SELLER_EMAIL',
      'SELLER_PHONE',
    ]);
    expect(problemsOf({ SELLER_LEGAL_NAME: 'Works\u0000Ltd' })).toEqual([
      'SELLER_LEGAL_NAME must not contain control characters',
    ]);
    expect(problemsOf({ SELLER_BIC: 'COBADEFF' })).toEqual([
      'SELLER_BIC names the bank of an account: set SELLER_IBAN or SELLER_ACCOUNT_NUMBER with it',
    ]);
  });

  it('check an IBAN by its check digits', () => {
    expect(ibanChecks('GB33BUKB20201555555555')).toBe(true);
    expect(ibanChecks('DE89370400440532013000')).toBe(true);
    expect(ibanChecks('DE89370400440532013001')).toBe(false);
  });
});

describe('a production shop without seller settings', () => {
  it('starts, and warns once which ones its invoices leave off', async () => {
    const lines: string[] = [];
    const shop = await createTestShop({
      demo: false,
      env: {
        ...PRODUCTION,
        JWT_SECRET: 'x'.repeat(32),
        LOG_LEVEL: 'warn',
        SELLER_LEGAL_NAME: 'Chattogram Tool Works Ltd',
        SELLER_ACCOUNT_NUMBER: '0123-4567-89',
      },
      logStream: { write: (line) => lines.push(line) },
    });
    await shop.close();
    const warnings = lines.map((line) => JSON.parse(line).msg).filter((msg) => msg.includes('SELLER_'));
    expect(warnings).toEqual([
      'invoices leave off the seller\'s details that are not set: SELLER_ADDRESS, SELLER_TAX_ID (docs/operations.md, "The seller on invoices")',
    ]);
  });
});
