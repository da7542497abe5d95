import type { KyselyPlugin } from 'kysely';
import { describe, expect } from 'vitest';
import { insertNumberedParts } from '../../test-support/bom.js';
import { test } from '../../test-support/fixture.js';
import { readBom } from './service.js';

/** Counts the statements sent through the database it is plugged into. */
function counter(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery(args) {
      this.count++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

const caller = { id: 'buyer', name: 'Buyer', email: 'buyer@example.com', role: null, sessionId: 's' };

describe('matching a BOM', () => {
  test('costs a bounded number of queries, the same for 20 lines as for 2,000', async ({ shop }) => {
    const db = shop.database.db;
    const ids = await insertNumberedParts(
      db,
      Array.from({ length: 60 }, (_, i) => ({
        name: `Relay coil ${i} volt`,
        mpn: `RL-${String(i).padStart(4, '0')}`,
        min_order_quantity: 1,
        ...(i % 10 === 0 ? { lifecycle: 'obsolete' } : {}),
      })),
    );
    await db
      .updateTable('parts')
      .set({ replacement_id: ids[1] as string })
      .where('lifecycle', '=', 'obsolete')
      .execute();
    // Every kind of line: by id, by exact and normalised number, a number's start, words, nothing.
    const row = (i: number) => {
      switch (i % 6) {
        case 0:
          return `${ids[i % 60]},2,`;
        case 1:
          return `RL-${String(i % 60).padStart(4, '0')},1,`;
        case 2:
          return `rl ${String(i % 60).padStart(4, '0')},1,`;
        case 3:
          return `RL-00,1,`;
        case 4:
          return `X-${i},1,relay coil`;
        default:
          return `NOPE-${i},1,nothing like it`;
      }
    };
    const bom = (lines: number) =>
      ['MPN,Qty,Description', ...Array.from({ length: lines }, (_, i) => row(i))].join('\n');
    const counted = async (lines: number) => {
      const plugin = counter();
      const result = await readBom(
        { db: db.withPlugin(plugin) },
        caller,
        { kind: 'text', text: bom(lines) },
        {
          boards: 1,
          attrition: 0,
        },
      );
      expect(result.lines).toHaveLength(lines);
      return { queries: plugin.count, result };
    };
    const small = await counted(20);
    const large = await counted(2000);
    expect(large.queries).toBe(small.queries);
    // (two of them read the matched parts' incoming batches and waiting pieces)
    expect(large.queries).toBeLessThanOrEqual(9);
    const kinds = new Set(large.result.lines.map((line) => line.match?.by ?? line.problems[0]));
    expect([...kinds].sort()).toEqual(['ambiguous', 'id', 'mpn', 'not_found']);
  }, 60_000);
});
