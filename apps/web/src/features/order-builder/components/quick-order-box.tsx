import { MAX_ORDER_LINES } from '@shop/contract/order-limits';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { showError, showSuccess } from '../../../lib/toasts';
import { partQuery, partsQuery } from '../../parts';
import {
  type FoundPart,
  isPartId,
  lookupKey,
  parseQuickOrderText,
  type QuickOrderProblem,
  resolveQuickOrder,
} from '../quick-order';
import { addToOrder, type BuilderLine } from '../store';

/** How many parts a search of one line's name may find (more than one is ambiguous anyway). */
const CANDIDATES = 20;
/** How many look-ups go at once (a browser opens about six connections to a host). */
const AT_ONCE = 6;

/**
 * The parts the catalog has for a line's ref: the part of that id, or those whose name holds it.
 * A ref the API refuses to look up (400) or does not know (404) finds none: that line is reported,
 * the others are still added.
 */
async function findParts(client: QueryClient, ref: string): Promise<FoundPart[]> {
  try {
    if (!isPartId(ref))
      return (
        await client.fetchQuery({
          ...partsQuery({ limit: CANDIDATES, q: ref }),
          retry: false,
          meta: { quiet: true },
        })
      ).parts;
    return [await client.fetchQuery({ ...partQuery(ref), retry: false, meta: { quiet: true } })];
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return [];
    throw error;
  }
}

/**
 * The quick order box: lines of "part name or id, quantity" typed or pasted from a spreadsheet;
 * Parse adds those it can read to the builder and lists the others with their line and why.
 */
export function QuickOrderBox({ lines }: { lines: readonly BuilderLine[] }) {
  const id = useId();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<QuickOrderProblem[] | null>(null);

  const unavailable = busy || text.trim() === '';

  const parse = async () => {
    const read = parseQuickOrderText(text);
    const refs = [...new Map(read.rows.map((row) => [lookupKey(row.ref), row.ref])).entries()];
    setBusy(true);
    try {
      const found = new Map<string, FoundPart[]>();
      for (let at = 0; at < refs.length; at += AT_ONCE)
        await Promise.all(
          refs
            .slice(at, at + AT_ONCE)
            .map(async ([key, ref]) => found.set(key, await findParts(client, ref))),
        );
      const resolved = resolveQuickOrder(read.rows, found);
      const taken = new Set(lines.map((line) => line.partsId));
      const tooMany: QuickOrderProblem[] = [];
      let added = 0;
      for (const line of resolved.lines) {
        if (!taken.has(line.partsId) && taken.size >= MAX_ORDER_LINES) {
          tooMany.push({
            lineNumber: line.lineNumber,
            text: `${line.partsId}, ${line.quantity}`,
            reason: `an order holds at most ${MAX_ORDER_LINES} lines`,
          });
          continue;
        }
        taken.add(line.partsId);
        addToOrder(line.partsId, line.quantity, line.reference);
        added += 1;
      }
      const all = [...read.problems, ...resolved.problems, ...tooMany].sort(
        (a, b) => a.lineNumber - b.lineNumber,
      );
      setProblems(all);
      if (added > 0)
        showSuccess(added === 1 ? '1 line added to the order' : `${added} lines added to the order`);
      if (all.length === 0) setText('');
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Quick order
      </h2>
      <label htmlFor={`${id}-text`} className="font-medium">
        Lines of “part name or id, quantity”
      </label>
      <textarea
        id={`${id}-text`}
        className="textarea textarea-bordered w-full font-mono text-sm"
        rows={5}
        maxLength={100_000}
        placeholder={'Digital Soldering Station 80 W, 20\nAluminium Desoldering Pump\t100'}
        aria-describedby={`${id}-hint`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        One part a line; cells pasted from a spreadsheet (tab- or ;-separated) work too, and a header line is
        skipped. A cell after the quantity is the line's reference (designators, a cost code).
      </p>
      {/* Unavailable (aria-disabled, which daisyUI draws as disabled) rather than disabled: a
          disabled button drops the keyboard's focus, so Parse pressed by keyboard would leave the
          buyer nowhere while it works and once it has emptied the box. */}
      <button
        type="button"
        className="btn btn-secondary self-start"
        aria-disabled={unavailable}
        onClick={() => {
          if (!unavailable) void parse();
        }}
      >
        {busy ? 'Parsing…' : 'Parse'}
      </button>
      {/* After Parse: the box's own button comes first by Tab, as it reads. */}
      <p className="text-sm text-base-content/70">
        A whole bill of materials, with manufacturer's numbers and boards to build?{' '}
        <Link to="/bom" className="link link-primary">
          Upload your BOM
        </Link>
        .
      </p>
      {problems && problems.length > 0 && (
        <div role="alert" className="rounded-box border border-warning bg-warning/15 p-3 text-sm">
          <p className="font-medium">
            {problems.length === 1
              ? 'This line was not added:'
              : `These ${problems.length} lines were not added:`}
          </p>
          <ul className="list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem.lineNumber} className="break-words">
                Line {problem.lineNumber} (“{problem.text}”): {problem.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
