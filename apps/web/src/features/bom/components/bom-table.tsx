import type { BomLine } from '@shop/contract/bom';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { formatCount, formatDollars } from '../../../lib/format';
import { ShipPlanNote } from '../../availability';
import { useParts } from '../../parts';
import { PROBLEM_WORDS } from '../bom-lines';

const BY_WORDS = {
  id: 'our id',
  mpn: 'maker number',
  customerPartNumber: 'your number',
  name: 'name',
} as const;

/** The BOM's lines: what each row asked for, the part found (or candidates), quantities, price and problems. */
export function BomTable({
  lines,
  busyRow,
  onFix,
}: {
  lines: readonly BomLine[];
  busyRow: number | undefined;
  onFix: (line: BomLine, partNumber: string) => void;
}) {
  return (
    // A card a line on a phone: nothing to scroll sideways.
    <div className="sm:overflow-x-auto">
      <table className="table table-sm table-cards">
        <caption className="sr-only">Lines of the bill of materials</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Asked for</th>
            <th scope="col">Part</th>
            <th scope="col" className="text-right">
              Needed
            </th>
            <th scope="col" className="text-right">
              Order
            </th>
            <th scope="col" className="text-right">
              Price
            </th>
            <th scope="col">Problems</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.row} data-row={line.row}>
              <LabelledCell label="Row">{line.row}</LabelledCell>
              <LabelledCell label="Asked for">
                <span className="font-mono break-all">{line.input.partNumber || '(none)'}</span>
                <span className="block text-xs text-base-content/70">
                  {formatCount(line.input.quantity)} a board
                  {line.input.reference ? ` · ${line.input.reference}` : ''}
                  {line.input.description ? ` · ${line.input.description}` : ''}
                </span>
              </LabelledCell>
              <LabelledCell label="Part">
                <PartCell line={line} busy={busyRow === line.row} onFix={onFix} />
              </LabelledCell>
              <LabelledCell label="Needed" className="text-right">
                {formatCount(line.needed)}
              </LabelledCell>
              <LabelledCell label="Order" className="text-right">
                <span className="font-semibold">{formatCount(line.orderQuantity)}</span>
                {line.match && line.problems.includes('not_enough_stock') && (
                  <LineShipPlan partsId={line.match.partsId} quantity={line.orderQuantity} />
                )}
              </LabelledCell>
              <LabelledCell label="Price" className="text-right">
                {line.price === undefined ? (
                  '–'
                ) : (
                  <>
                    {formatDollars(line.price)}
                    <span className="block text-xs text-base-content/70">
                      {formatDollars(line.unitPrice ?? 0)} each
                    </span>
                  </>
                )}
              </LabelledCell>
              <LabelledCell label="Problems">
                {line.problems.length === 0 ? (
                  <span className="font-medium">Ready</span>
                ) : (
                  <ul className="flex flex-wrap gap-1">
                    {line.problems.map((problem) => (
                      <li key={problem} className="badge badge-warning badge-sm whitespace-nowrap">
                        {PROBLEM_WORDS[problem]}
                      </li>
                    ))}
                  </ul>
                )}
                {line.replacement && (
                  <span className="block text-xs">
                    Instead:{' '}
                    <button
                      type="button"
                      className="link link-primary"
                      onClick={() => onFix(line, line.replacement?.partsId ?? '')}
                    >
                      {line.replacement.partsName}
                    </button>
                  </span>
                )}
              </LabelledCell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A line whose part has fewer pieces in stock than it needs: read the part, and if it may be
 * backordered say what ships now and when the rest is expected.
 */
function LineShipPlan({ partsId, quantity }: { partsId: string; quantity: number }) {
  const [part] = useParts([partsId]);
  return part ? (
    <ShipPlanNote part={part} quantity={quantity} className="mt-1 text-xs text-base-content/80" />
  ) : null;
}

/** The part a line found, or its candidates to choose from, and a box to type another number or id. */
function PartCell({
  line,
  busy,
  onFix,
}: {
  line: BomLine;
  busy: boolean;
  onFix: (line: BomLine, partNumber: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) onFix(line, typed.trim());
  };
  const label = `row ${line.row}`;
  return (
    <div className="flex flex-col gap-1">
      {line.match ? (
        <span>
          <Link to={`/parts/${line.match.partsId}`} className="link link-primary">
            {line.match.partsName}
          </Link>
          <span className="block text-xs text-base-content/70">
            by {BY_WORDS[line.match.by]}
            {line.match.exact ? '' : ' (written otherwise)'}
          </span>
        </span>
      ) : line.candidates?.length ? (
        <select
          className="select select-bordered select-xs w-full max-w-xs"
          aria-label={`Choose the part for ${label}`}
          value=""
          disabled={busy}
          onChange={(event) => event.target.value && onFix(line, event.target.value)}
        >
          <option value="">Choose one of {line.candidates.length}…</option>
          {line.candidates.map((candidate) => (
            <option key={candidate.partsId} value={candidate.partsId}>
              {candidate.partsName}
            </option>
          ))}
        </select>
      ) : (
        <span className="text-base-content/70">No part found</span>
      )}
      {open || !line.match ? (
        <form onSubmit={submit} className="flex gap-1">
          <input
            className="input input-bordered input-xs w-full max-w-40"
            aria-label={`Part number or id for ${label}`}
            placeholder="Number or id"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button
            type="submit"
            className="btn btn-xs"
            disabled={busy || !typed.trim()}
            aria-label={`Use it for ${label}`}
          >
            {busy ? '…' : 'Use'}
          </button>
        </form>
      ) : (
        <button type="button" className="link text-xs self-start" onClick={() => setOpen(true)}>
          Change
        </button>
      )}
    </div>
  );
}
