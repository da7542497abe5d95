import { IncomingBody } from '@shop/contract/availability';
import type { IncomingBatch } from '@shop/contract/parts';

/*
 * The optional availability columns of a parts CSV file (docs/api.md, "Availability"):
 * `backorderable` (true or false), `lead_time_days` (a whole number of days) and `incoming`
 * (`quantity@YYYY-MM-DD` batches separated by `;`). Each is checked by the rules of
 * `PUT /api/parts/{id}/incoming`; an empty cell is none (not backorderable, no lead time, no batches).
 */

export const AVAILABILITY_COLUMNS = ['backorderable', 'lead_time_days', 'incoming'] as const;
type AvailabilityColumn = (typeof AVAILABILITY_COLUMNS)[number];

/** What a row sets of a new part's availability. */
export interface CsvAvailability {
  backorderable: boolean;
  leadTimeDays: number | null;
  incoming: IncomingBatch[];
}

const MALFORMED_BATCH_MESSAGE =
  'must be quantity@YYYY-MM-DD, batches separated by ; (e.g. 500@2026-03-01;200@2026-04-15)';
const BACKORDERABLE_MESSAGE = 'must be true or false';

const batchName = (number: number, text: string) =>
  `batch ${number} (${text.length > 40 ? `${text.slice(0, 40)}…` : text})`;

/** The body field each column fills, to name a problem by its column. */
const COLUMN_OF: Record<string, AvailabilityColumn> = {
  backorderable: 'backorderable',
  leadTimeDays: 'lead_time_days',
  batches: 'incoming',
};

/**
 * A row's availability cells as a new part's availability, or the problems (column, message),
 * each column's first problem (a batch's: each wrong batch, named by its place and text).
 */
export function readAvailability(cells: Partial<Record<AvailabilityColumn, string>>): {
  availability?: CsvAvailability;
  problems: [AvailabilityColumn, string][];
} {
  const problems: [AvailabilityColumn, string][] = [];
  const backorderableCell = cells.backorderable?.trim().toLowerCase() ?? '';
  if (backorderableCell && backorderableCell !== 'true' && backorderableCell !== 'false')
    problems.push(['backorderable', BACKORDERABLE_MESSAGE]);
  const leadCell = cells.lead_time_days?.trim() ?? '';
  const texts = (cells.incoming ?? '')
    .split(';')
    .map((text) => text.trim())
    .filter(Boolean);
  const batches: { quantity: string; expectedAt: string }[] = [];
  texts.forEach((text, i) => {
    const match = /^(\S+)\s*@\s*(\S+)$/.exec(text);
    if (match?.[1] && match[2]) batches.push({ quantity: match[1], expectedAt: match[2] });
    else problems.push(['incoming', `${batchName(i + 1, text)}: ${MALFORMED_BATCH_MESSAGE}`]);
  });
  const result = IncomingBody.safeParse({
    batches: problems.some(([column]) => column === 'incoming') ? [] : batches,
    ...(leadCell ? { leadTimeDays: leadCell } : {}),
  });
  const reported = new Set<string>();
  for (const issue of result.error?.issues ?? []) {
    const [field, index] = issue.path;
    const column = COLUMN_OF[String(field)];
    if (!column) continue;
    const message = issue.message.replace(/^Invalid input: /, '');
    if (column === 'incoming' && typeof index === 'number') {
      const key = `incoming.${index}`;
      if (reported.has(key)) continue;
      reported.add(key);
      problems.push([
        column,
        `${batchName(index + 1, texts[index] ?? '')}: ${String(issue.path[2])} ${message}`,
      ]);
      continue;
    }
    if (reported.has(column)) continue;
    reported.add(column);
    problems.push([column, message]);
  }
  if (problems.length > 0 || !result.success) return { problems };
  return {
    availability: {
      backorderable: backorderableCell === 'true',
      leadTimeDays: result.data.leadTimeDays ?? null,
      incoming: result.data.batches,
    },
    problems,
  };
}
