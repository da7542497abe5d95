import { BOM_MAX_CANDIDATES, type BomMatchKind } from '@shop/contract/bom';
import type { Part } from '@shop/contract/parts';
import { Id } from '@shop/contract/primitives';
import type { Database } from '../../db/database.js';
import {
  type NamedPart,
  partsByIds,
  partsByNameWords,
  partsByNumberPrefix,
  partsByNumbers,
} from '../parts/index.js';

/**
 * One way of finding parts by the numbers a BOM writes: for each number it knows, the parts it
 * names (one: a match; several: the line is ambiguous). Called once for all the BOM's numbers
 * not found by an earlier lookup, so a BOM costs one query per lookup, not one per line.
 */
export interface NumberLookup {
  by: Exclude<BomMatchKind, 'name'>;
  find(numbers: readonly string[]): Promise<ReadonlyMap<string, readonly string[]>>;
}

/** Our part id, written as the API writes it (case aside). */
export const byId = (db: Database): NumberLookup => ({
  by: 'id',
  async find(numbers) {
    const ids = new Map<string, string>();
    for (const number of numbers)
      if (Id.safeParse(number.toLowerCase()).success) ids.set(number, number.toLowerCase());
    const parts = await partsByIds(db, [...ids.values()]);
    const found = new Map<string, string[]>();
    for (const [number, id] of ids) if (parts.has(id)) found.set(number, [id]);
    return found;
  },
});

/** The manufacturer's part number, normalised as the search compares numbers. */
export const byMpn = (db: Database): NumberLookup => ({
  by: 'mpn',
  async find(numbers) {
    const found = await partsByNumbers(db, numbers);
    return new Map([...found].map(([number, parts]) => [number, parts.map((part) => part._id)]));
  },
});

/** What the lookups found for a line's number. */
export interface Found {
  /** The one part the number names. */
  match?: { part: Part; by: BomMatchKind; exact: boolean };
  /** Parts the line may mean: several named by one number, a number's start, or words of the line. */
  candidates?: NamedPart[];
}

/** A line as matching reads it: its number, and the words to suggest parts by when the number names none. */
export interface MatchInput {
  partNumber: string;
  words: string;
}

/**
 * Matches every line: each lookup in turn for the numbers no earlier one found (our id first,
 * then those given, e.g. the buyer's own part numbers, then the manufacturer's), then as
 * candidates the parts whose number starts with a line's number, then those whose name holds the
 * line's words. Queries: one per lookup, one for the numbers' starts, one for the words, one for
 * the parts found: bounded whatever the number of lines.
 */
export async function matchLines(
  db: Database,
  lookups: readonly NumberLookup[],
  lines: readonly MatchInput[],
): Promise<Found[]> {
  const numbers = [...new Set(lines.map((line) => line.partNumber).filter(Boolean))];
  const named = new Map<string, { by: NumberLookup['by']; ids: readonly string[] }>();
  for (const lookup of lookups) {
    const open = numbers.filter((number) => !named.has(number));
    if (open.length === 0) break;
    for (const [number, ids] of await lookup.find(open))
      if (ids.length > 0) named.set(number, { by: lookup.by, ids });
  }
  const parts = await partsByIds(
    db,
    [...named.values()].flatMap((found) => found.ids),
  );
  const open = new Set(numbers.filter((number) => !named.get(number)?.ids.some((id) => parts.has(id))));
  const prefixed = await partsByNumberPrefix(db, [...open], BOM_MAX_CANDIDATES);
  // Words only for the lines their number found nothing for, each text looked up once.
  const wordTexts = [
    ...new Set(
      lines
        .filter((line) => (!line.partNumber || open.has(line.partNumber)) && !prefixed.has(line.partNumber))
        .map((line) => line.words)
        .filter(Boolean),
    ),
  ];
  const byWords = await partsByNameWords(db, wordTexts, BOM_MAX_CANDIDATES);
  const wordsFound = new Map(wordTexts.map((text, i) => [text, byWords.get(i)] as const));

  return lines.map((line): Found => {
    const found = named.get(line.partNumber);
    const live = (found?.ids ?? []).flatMap((id) => parts.get(id) ?? []);
    const [only] = live;
    if (found && only && live.length === 1)
      return { match: { part: only, by: found.by, exact: isExact(found.by, only, line.partNumber) } };
    if (live.length > 1)
      return {
        candidates: live.slice(0, BOM_MAX_CANDIDATES).map((part) => ({ id: part._id, name: part.name })),
      };
    const candidates = prefixed.get(line.partNumber) ?? wordsFound.get(line.words);
    return candidates?.length ? { candidates } : {};
  });
}

/** Whether the line writes the number as the shop does (else it matched once normalised). */
function isExact(by: BomMatchKind, part: Part, number: string): boolean {
  if (by === 'id') return number === part._id;
  if (by === 'mpn') return number === part.mpn;
  return true;
}
