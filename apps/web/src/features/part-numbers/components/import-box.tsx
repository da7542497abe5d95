import type { Part } from '@shop/contract/parts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCount } from '../../../lib/format';
import { partQuery } from '../../parts';
import { partSearchQuery } from '../api/part-numbers';
import {
  type ImportProblem,
  type ImportRow,
  isPartId,
  MAX_IMPORT_LINES,
  partFor,
  readImportLines,
} from '../part-number-lines';

/** How many lookups of the catalog an import makes at once. */
const AT_ONCE = 4;

/** The parts the catalog has for a line's reference: the part of that id, or those the search finds for the number. */
async function lookUp(queryClient: QueryClient, ref: string): Promise<Part[]> {
  if (!isPartId(ref)) return queryClient.fetchQuery(partSearchQuery(ref, 10));
  try {
    return [await queryClient.fetchQuery({ ...partQuery(ref), retry: false, meta: { quiet: true } })];
  } catch {
    return [];
  }
}

/** Each distinct reference looked up once, a few at a time. */
async function lookUpAll(queryClient: QueryClient, refs: readonly string[]): Promise<Map<string, Part[]>> {
  const found = new Map<string, Part[]>();
  const queue = [...new Set(refs)];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let ref = queue.shift(); ref !== undefined; ref = queue.shift())
        found.set(ref, await lookUp(queryClient, ref));
    }),
  );
  return found;
}

interface Checked {
  ready: (ImportRow & { part: Part })[];
  problems: ImportProblem[];
}

/** Pasted lines "part id or manufacturer part number, your part number": checked, shown, then saved together. */
export function ImportBox({
  disabled,
  onSave,
}: {
  disabled: boolean;
  onSave: (added: { part: Part; number: string }[]) => Promise<boolean>;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<Checked>();
  const [failed, setFailed] = useState(false);
  const check = async () => {
    const { rows, problems } = readImportLines(text);
    setChecking(true);
    setFailed(false);
    try {
      const found = await lookUpAll(
        queryClient,
        rows.map((row) => row.ref),
      );
      const ready: Checked['ready'] = [];
      const refused = [...problems];
      for (const row of rows) {
        const part = partFor(row.ref, found.get(row.ref) ?? []);
        if ('problem' in part)
          refused.push({ lineNumber: row.lineNumber, text: `${row.ref}`, reason: part.problem });
        else ready.push({ ...row, part });
      }
      refused.sort((a, b) => a.lineNumber - b.lineNumber);
      setChecked({ ready, problems: refused });
    } catch {
      setFailed(true);
    } finally {
      setChecking(false);
    }
  };
  const save = async () => {
    if (!checked) return;
    if (await onSave(checked.ready.map((row) => ({ part: row.part, number: row.number })))) {
      setText('');
      setChecked(undefined);
    }
  };
  return (
    <section className="card bg-base-200/60" aria-labelledby={`${ids}-title`}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          Import from a spreadsheet
        </h2>
        <label htmlFor={`${ids}-text`} className="text-sm">
          Paste up to {formatCount(MAX_IMPORT_LINES)} lines, each “our part id or manufacturer part number,
          your part number” (two columns copied from a spreadsheet work too). A part you already gave a number
          takes the new one.
        </label>
        <textarea
          id={`${ids}-text`}
          className="textarea textarea-bordered h-32 w-full font-mono text-sm"
          placeholder={'T-24C, ACME-TIP-0042\nHE-80, ACME-HEAT-80'}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setChecked(undefined);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline btn-primary"
            disabled={text.trim() === '' || checking}
            onClick={() => void check()}
          >
            {checking ? 'Checking…' : 'Check lines'}
          </button>
          {checked && checked.ready.length > 0 && (
            <button type="button" className="btn btn-primary" disabled={disabled} onClick={() => void save()}>
              Save {checked.ready.length === 1 ? '1 number' : `${formatCount(checked.ready.length)} numbers`}
            </button>
          )}
        </div>
        <div aria-live="polite">
          {failed && (
            <p className="text-error">The catalog could not be searched just now. Please try again.</p>
          )}
          {checked && (
            <div className="flex flex-col gap-2 text-sm">
              <p>
                {checked.ready.length === 1 ? '1 line is' : `${formatCount(checked.ready.length)} lines are`}{' '}
                ready
                {checked.problems.length > 0 &&
                  `; ${checked.problems.length === 1 ? '1 line cannot' : `${formatCount(checked.problems.length)} lines cannot`} be used`}
                .
              </p>
              {checked.ready.length > 0 && (
                <ul className="list-inside list-disc">
                  {checked.ready.map((row) => (
                    <li key={row.lineNumber} className="break-words">
                      Line {row.lineNumber}: {row.part.name} → <span className="font-mono">{row.number}</span>
                    </li>
                  ))}
                </ul>
              )}
              {checked.problems.length > 0 && (
                <ul className="list-inside list-disc text-error">
                  {checked.problems.map((problem) => (
                    <li key={problem.lineNumber} className="break-words">
                      Line {problem.lineNumber} ({problem.text.trim()}): {problem.reason}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
