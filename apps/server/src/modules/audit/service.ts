import { AUDIT_REFERENCES, type AuditEntry, type AuditSubject, subjectOf } from '@shop/contract/audit';
import type { Database } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';
import { type Names, namesOf, noNamesWanted, type WantedNames } from './names.js';
import { listAudit } from './repository.js';

const parse = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as unknown));

/** How deep the ids in an entry's values are looked for (an order's lines are two levels down). */
const DEPTH = 4;

/** The ids an entry's value holds under AUDIT_REFERENCES' keys, with their kinds. */
function* references(value: unknown, depth = 0): Generator<[AuditSubject, string]> {
  if (depth > DEPTH || typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    const kind = Object.hasOwn(AUDIT_REFERENCES, key) ? AUDIT_REFERENCES[key] : undefined;
    if (kind && typeof item === 'string') yield [kind, item];
    else yield* references(item, depth + 1);
  }
}

/**
 * What names the subject where nothing of it is left to read (a deleted order, a removed
 * account): what the entry itself recorded of it.
 */
function recordedName(kind: AuditSubject, ...values: unknown[]): string | undefined {
  const key = kind === 'order' ? 'number' : kind === 'user' ? 'email' : kind === 'quote' ? undefined : 'name';
  for (const value of values) {
    const recorded = key && typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
    if (typeof recorded === 'string') return recorded;
  }
  return undefined;
}

interface ReadEntry {
  row: AuditLogTable;
  before: unknown;
  after: unknown;
}

function entry({ row, before, after }: ReadEntry, names: Names): AuditEntry {
  const kind = subjectOf(row.action);
  const subjectName =
    (kind && names[kind].get(row.subject_id)?.name) ?? (kind && recordedName(kind, before, after));
  const actorName = row.actor_id ? names.user.get(row.actor_id)?.short : undefined;
  const mentioned: Record<string, string> = {};
  for (const value of [before, after])
    for (const [of, id] of references(value)) {
      const name = names[of].get(id)?.name;
      if (name) mentioned[id] = name;
    }
  return {
    _id: row.id,
    at: row.at,
    actor: row.actor_email ?? 'shop',
    ...(actorName ? { actorName } : {}),
    action: row.action,
    subjectId: row.subject_id,
    ...(subjectName ? { subjectName } : {}),
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
    ...(Object.keys(mentioned).length > 0 ? { names: mentioned } : {}),
  };
}

/**
 * A page of the log, newest first, as a person reads it: who acted (their name), what the entry
 * is about (an order's number, a part's or a company's name, …) and what the ids in its before
 * and after are called; and how many entries there are in all.
 */
export async function auditPage(db: Database, page: { limit: number; offset: number }) {
  const { rows, total } = await listAudit(db, page);
  const read = rows.map((row) => ({ row, before: parse(row.before), after: parse(row.after) }));
  const wanted: WantedNames = noNamesWanted();
  for (const { row, before, after } of read) {
    const kind = subjectOf(row.action);
    if (kind) wanted[kind].add(row.subject_id);
    if (row.actor_id) wanted.user.add(row.actor_id);
    for (const value of [before, after]) for (const [of, id] of references(value)) wanted[of].add(id);
  }
  const names = await namesOf(db, wanted);
  return { entries: read.map((one) => entry(one, names)), total };
}
