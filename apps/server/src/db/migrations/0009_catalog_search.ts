// Made trigram indexes of the names (FTS5 on SQLite, pg_trgm on PostgreSQL) for the catalog
// search; each server now searches the names in memory (0010). Kept by name so that
// databases that applied it stay in step; 0010 drops what it made there.
export async function up(): Promise<void> {}
