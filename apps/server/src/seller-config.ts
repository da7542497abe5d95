import { NO_CONTROL_MESSAGE, noControlCharacters } from '@shop/contract/primitives';
import { z } from 'zod';

/**
 * The seller an invoice names (SELLER_* settings): who is owed, where, under which tax ID, and
 * the bank account a net-30 invoice is paid into. Any of it may be unset in production: the
 * invoice then leaves that line off (docs/operations.md, "The seller on invoices").
 */
export interface Seller {
  legalName?: string | undefined;
  /** One line, or several separated by line breaks. */
  address?: string | undefined;
  taxId?: string | undefined;
  bankName?: string | undefined;
  /** Without spaces, upper case; checked by its mod-97 check digits. */
  iban?: string | undefined;
  /** SWIFT/BIC, upper case. */
  bic?: string | undefined;
  /** A domestic account number, where the bank has no IBAN. */
  accountNumber?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
}

/**
 * What `npm start` prints when no SELLER_* setting is given outside production: a seller that is
 * plainly an example (the IBAN is the one banks use in their documentation).
 */
export const DEMO_SELLER: Seller = {
  legalName: 'Electronics Tools Manufacturers Ltd (demo)',
  address: 'Plot 12, Kalurghat Heavy Industrial Area\nChattogram 4208, Bangladesh',
  taxId: 'BIN 000111222-0101',
  bankName: 'Example Bank plc',
  iban: 'GB33BUKB20201555555555',
  bic: 'BUKBGB22',
  email: 'accounts@electronics-tools.example',
  phone: '+880 31 000 0000',
};

const unset = (v: string) => (v === '' ? undefined : v);

/**
 * Free text of at most `max` characters; line breaks only where `lines` allows them (a real one,
 * or `\n` as an env file writes it); each line trimmed, empty ones dropped.
 */
function text(max: number, lines = false) {
  return z
    .string()
    .transform((v) =>
      unset(
        (lines ? v.replaceAll('\\n', '\n') : v)
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join('\n'),
      ),
    )
    .pipe(
      z
        .string()
        .max(max, `must be at most ${max} characters`)
        // Control characters would garble the PDF; a line break is how an address says its lines.
        .refine(noControlCharacters, NO_CONTROL_MESSAGE)
        .refine((v) => lines || !v.includes('\n'), 'must be one line')
        .optional(),
    )
    .optional();
}

/** Text matching `pattern` once trimmed (and upper-cased with `upper`). */
function pattern(regex: RegExp, message: string, upper = false) {
  return z
    .string()
    .trim()
    .transform((v) => unset(upper ? v.replace(/\s+/g, '').toUpperCase() : v))
    .pipe(z.string().regex(regex, message).optional())
    .optional();
}

/** ISO 13616: the IBAN moved 4 characters round, letters as 10–35, is 1 modulo 97. */
export function ibanChecks(iban: string): boolean {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

const IBAN_MESSAGE = 'must be an IBAN such as GB33 BUKB 2020 1555 5555 55 (its check digits are checked)';

/** The SELLER_* settings of the environment, checked as config.ts checks every other. */
export const sellerEnv = {
  SELLER_LEGAL_NAME: text(200),
  SELLER_ADDRESS: text(400, true),
  SELLER_TAX_ID: pattern(
    /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,39}$/,
    'must be 2 to 40 letters, digits, spaces or . / - (such as DE123456789)',
  ),
  SELLER_BANK_NAME: text(100),
  SELLER_IBAN: pattern(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, IBAN_MESSAGE, true).refine(
    (v) => v === undefined || ibanChecks(v),
    IBAN_MESSAGE,
  ),
  SELLER_BIC: pattern(
    /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/,
    'must be a SWIFT/BIC code of 8 or 11 characters such as BUKBGB22',
    true,
  ),
  SELLER_ACCOUNT_NUMBER: pattern(
    /^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/,
    'must be 4 to 40 letters, digits, spaces or hyphens',
  ),
  SELLER_EMAIL: z
    .string()
    .trim()
    .transform(unset)
    .pipe(z.email('must be an email address').optional())
    .optional(),
  SELLER_PHONE: pattern(/^\+?[0-9][0-9 ()./-]{4,29}$/, 'must be a phone number such as +880 31 000 0000'),
};

type SellerEnv = { [K in keyof typeof sellerEnv]?: string | undefined };

const FROM_ENV: Record<keyof Seller, keyof SellerEnv> = {
  legalName: 'SELLER_LEGAL_NAME',
  address: 'SELLER_ADDRESS',
  taxId: 'SELLER_TAX_ID',
  bankName: 'SELLER_BANK_NAME',
  iban: 'SELLER_IBAN',
  bic: 'SELLER_BIC',
  accountNumber: 'SELLER_ACCOUNT_NUMBER',
  email: 'SELLER_EMAIL',
  phone: 'SELLER_PHONE',
};

/** What is wrong with the settings together (each is checked alone by `sellerEnv`). */
export function sellerProblems(env: SellerEnv): string[] {
  return env.SELLER_BIC && !env.SELLER_IBAN && !env.SELLER_ACCOUNT_NUMBER
    ? ['SELLER_BIC names the bank of an account: set SELLER_IBAN or SELLER_ACCOUNT_NUMBER with it']
    : [];
}

/**
 * The seller as configured. Outside production, with no SELLER_* setting at all, the demo seller
 * (so the quick start's invoices name one); once any is set, only what is set.
 */
export function sellerFrom(env: SellerEnv, production: boolean): Seller {
  const given = Object.values(FROM_ENV).some((name) => env[name] !== undefined);
  if (!given && !production) return DEMO_SELLER;
  return Object.fromEntries(
    Object.entries(FROM_ENV).flatMap(([key, name]) => (env[name] === undefined ? [] : [[key, env[name]]])),
  );
}

/** The settings an invoice should have and this seller lacks (production warns of them at start). */
export function missingSellerSettings(seller: Seller): string[] {
  return [
    ...(seller.legalName ? [] : ['SELLER_LEGAL_NAME']),
    ...(seller.address ? [] : ['SELLER_ADDRESS']),
    ...(seller.taxId ? [] : ['SELLER_TAX_ID']),
    ...(seller.iban || seller.accountNumber ? [] : ['SELLER_IBAN (or SELLER_ACCOUNT_NUMBER)']),
  ];
}
