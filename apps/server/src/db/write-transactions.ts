import { type Database, isSqlite } from './database.js';
import { type GroupCommit, groupCommit } from './group-commit.js';

/** Runs a piece of work in a write transaction and answers what the work answers. */
export type WriteTransactions = GroupCommit;

/**
 * How writes that arrive together run on this database. On SQLite they share one commit, each
 * in a savepoint of its own (db/group-commit.ts): a commit waits for the disk on the event loop,
 * so one at a time the shop would take as many writes a second as the disk takes flushes. On
 * PostgreSQL each is its own transaction on a connection of the pool (its commits notify the
 * change feed, and PostgreSQL commits notifying transactions one at a time: README,
 * bench/RESULTS.md). Every call answers a runner of its own: writes share a commit only with
 * writes handed to the same runner.
 */
export function writeTransactions(db: Database): WriteTransactions {
  return isSqlite(db) ? groupCommit(db) : (work) => db.transaction().execute(work);
}
