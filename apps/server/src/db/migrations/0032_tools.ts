import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The manufacturer's tool models with their exploded drawings and parts lists, and the fleets
  // buyers (or their companies) keep of them (docs/api.md, "Tools and fleets").
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('tools')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      // The model lower-cased without spaces, '-', '/' and '.' (contract/tools.ts normalisedModel),
      // so a search finds "TS-80 P" by "ts80p"; an ordinary index serves its exact and prefix matches.
      .addColumn('model_search', 'text', (c) => c.notNull())
      .addColumn('img', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      // Tools are deleted softly: fleets keep naming them.
      .addColumn('deleted_at', 'text')
      .execute();
    await trx.schema.createIndex('tools_model_search').on('tools').column('model_search').execute();
    await trx.schema.createIndex('tools_by_name').on('tools').columns(['name', 'id']).execute();
    await trx.schema
      .createTable('tool_diagrams')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tool_id', 'text', (c) => c.notNull().references('tools.id').onDelete('cascade'))
      .addColumn('diagram_no', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('img', 'text', (c) => c.notNull())
      .execute();
    await trx.schema
      .createIndex('tool_diagrams_tool')
      .on('tool_diagrams')
      .columns(['tool_id', 'diagram_no'])
      .unique()
      .execute();
    await trx.schema
      .createTable('tool_hotspots')
      .addColumn('diagram_id', 'text', (c) => c.notNull().references('tool_diagrams.id').onDelete('cascade'))
      .addColumn('hotspot_no', 'integer', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
      // Ten-thousandths of the picture's width and height (0–10000): integers on both databases.
      .addColumn('x', 'integer', (c) => c.notNull())
      .addColumn('y', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('tool_hotspots_pk', ['diagram_id', 'hotspot_no'])
      .execute();
    await trx.schema
      .createTable('tool_parts')
      .addColumn('tool_id', 'text', (c) => c.notNull().references('tools.id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('quantity_per_tool', 'integer', (c) => c.notNull())
      // 1: a part that wears out (tips, heating elements, nozzles, blades); 0: one that does not.
      .addColumn('wear', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('tool_parts_pk', ['tool_id', 'line_no'])
      .execute();
    // The tools a part fits (its page, the search).
    await trx.schema
      .createIndex('tool_parts_part')
      .on('tool_parts')
      .columns(['part_id', 'tool_id'])
      .execute();
    await trx.schema
      .createTable('my_tools')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // The owner: a buyer on their own (user_id) or a company, shared by its members (company_id).
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'text', (c) => c.references('companies.id').onDelete('cascade'))
      .addColumn('tool_id', 'text', (c) => c.notNull().references('tools.id'))
      .addColumn('serial_number', 'text')
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('added_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('my_tools_user').on('my_tools').columns(['user_id', 'created_at']).execute();
    await trx.schema
      .createIndex('my_tools_company')
      .on('my_tools')
      .columns(['company_id', 'created_at'])
      .execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
