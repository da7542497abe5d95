import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_rate_limit_windows.js';
import * as m0003 from './0003_audit_log.js';
import * as m0004 from './0004_invoices.js';
import * as m0005 from './0005_mail_outbox.js';
import * as m0006 from './0006_orders_paid_at.js';
import * as m0007 from './0007_catalog_notifications.js';
import * as m0008 from './0008_catalog_blocks.js';
import * as m0009 from './0009_catalog_search.js';
import * as m0010 from './0010_catalog_version.js';
import * as m0011 from './0011_accounts_you_can_trust.js';
import * as m0012 from './0012_account_links.js';
import * as m0013 from './0013_google_codes.js';
import * as m0014 from './0014_open_orders_and_verified_buyers.js';
import * as m0015 from './0015_read_versions.js';
import * as m0016 from './0016_order_lines_price_breaks_lists.js';
import * as m0017 from './0017_addresses.js';
import * as m0018 from './0018_quotes.js';
import * as m0019 from './0019_fulfilment.js';
import * as m0020 from './0020_companies.js';
import * as m0021 from './0021_mail_outbox_origin.js';
import * as m0022 from './0022_order_approved_at.js';
import * as m0023 from './0023_partial_order_indexes.js';
import * as m0024 from './0024_links_from_configuration.js';
import * as m0025 from './0025_unpaid_orders_by_buyer.js';
import * as m0026 from './0026_parts_name_sort.js';
import * as m0027 from './0027_no_change_feed.js';
import * as m0028 from './0028_running_order_totals.js';
import * as m0029 from './0029_order_numbers.js';
import * as m0030 from './0030_cancelled_orders.js';
import * as m0031 from './0031_finding_parts.js';
import * as m0032 from './0032_tools.js';
import * as m0033 from './0033_search_words_split.js';
import * as m0034 from './0034_order_multiples_and_references.js';
import * as m0035 from './0035_customer_part_numbers.js';
import * as m0036 from './0036_availability.js';
import * as m0037 from './0037_contract_prices.js';
import * as m0038 from './0038_api_keys.js';
import * as m0039 from './0039_webhooks.js';
import * as m0040 from './0040_punchout.js';
import * as m0041 from './0041_search_scope_index.js';
import * as m0042 from './0042_category_unspsc.js';
import { currentPostgresSchema } from './shared.js';

/**
 * The shop's schema, one migration a file (named as Kysely records it), in order. Listed here
 * rather than read from the folder because the server runs bundled (build.mjs). Only portable
 * types are used (text, integer, bigint), so the same migrations run on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_rate_limit_windows': m0002,
  '0003_audit_log': m0003,
  '0004_invoices': m0004,
  '0005_mail_outbox': m0005,
  '0006_orders_paid_at': m0006,
  '0007_catalog_notifications': m0007,
  '0008_catalog_blocks': m0008,
  '0009_catalog_search': m0009,
  '0010_catalog_version': m0010,
  '0011_accounts_you_can_trust': m0011,
  '0012_account_links': m0012,
  '0013_google_codes': m0013,
  '0014_open_orders_and_verified_buyers': m0014,
  '0015_read_versions': m0015,
  '0016_order_lines_price_breaks_lists': m0016,
  '0017_addresses': m0017,
  '0018_quotes': m0018,
  '0019_fulfilment': m0019,
  '0020_companies': m0020,
  '0021_mail_outbox_origin': m0021,
  '0022_order_approved_at': m0022,
  '0023_partial_order_indexes': m0023,
  '0024_links_from_configuration': m0024,
  '0025_unpaid_orders_by_buyer': m0025,
  '0026_parts_name_sort': m0026,
  '0027_no_change_feed': m0027,
  '0028_running_order_totals': m0028,
  '0029_order_numbers': m0029,
  '0030_cancelled_orders': m0030,
  '0031_finding_parts': m0031,
  '0032_tools': m0032,
  '0033_search_words_split': m0033,
  '0034_order_multiples_and_references': m0034,
  '0035_customer_part_numbers': m0035,
  '0036_availability': m0036,
  '0037_contract_prices': m0037,
  '0038_api_keys': m0038,
  '0039_webhooks': m0039,
  '0040_punchout': m0040,
  '0041_search_scope_index': m0041,
  '0042_category_unspsc': m0042,
};

/**
 * Brings the schema up to date; safe to run at every start and from several servers at once.
 * `before`: only the migrations before that one (a migration's test starts from the schema it meets).
 */
export async function migrateToLatest(db: Kysely<any>, options: { before?: string } = {}): Promise<void> {
  // On PostgreSQL the bookkeeping tables go into the connection's own schema: Kysely would
  // otherwise take a migration table found in any other schema for ours.
  const schema = await currentPostgresSchema(db);
  const { before } = options;
  const chosen = before
    ? Object.fromEntries(Object.entries(migrations).filter(([name]) => name < before))
    : migrations;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => chosen },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // Kysely looks for its own tables by reading every schema's catalogue; another client that
    // drops or migrates its own schema meanwhile makes that read fail (3F000 for the schema,
    // 42P01 for one of its tables, 42703 for a column) though nothing of ours is wrong.
    if (!failed && catalogueChanged(error) && attempt < 20) {
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
      continue;
    }
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

function catalogueChanged(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '3F000' || code === '42P01' || code === '42703';
}
