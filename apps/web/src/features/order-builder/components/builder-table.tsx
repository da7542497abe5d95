import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/order-limits';
import type { Part } from '@shop/contract/parts';
import { Link } from 'react-router';
import { formatCount, formatDollars, formatPieces, soldInMultiplesText } from '../../../lib/format';
import { ShipPlanNote } from '../../availability';
import { ContractPriceNote } from '../../contract-prices';
import { YourPartNumber } from '../../part-numbers';
import { quoteRequestPath } from '../../quotes';
import { type checkLine, OBSOLETE_PART_MESSAGE } from '../pricing';
import type { BuilderLine } from '../store';
import { LineTable } from './line-table';

/**
 * A builder line as the page shows it: the line, its part (null: gone), what is typed and its
 * check, and the reference as typed with what is wrong with it.
 */
export interface ShownLine {
  line: BuilderLine;
  part: Part | null | undefined;
  typed: string;
  check: ReturnType<typeof checkLine>;
  reference: string;
  referenceProblem: string | undefined;
}

/**
 * The order being built, a line a row: the part (its range, and its order multiple when it has
 * one), its quantity as typed (the arrow keys step it by the multiple), the buyer's reference, its
 * prices, and Remove.
 */
export function BuilderTable({
  lines,
  total,
  saving,
  onType,
  onStep,
  onReference,
  onRemove,
}: {
  lines: readonly ShownLine[];
  total: number;
  saving: number;
  onType: (index: number, typed: string) => void;
  onStep: (index: number, direction: 1 | -1) => void;
  onReference: (index: number, typed: string) => void;
  onRemove: (index: number) => void;
}) {
  const nameOf = (shown: ShownLine) => shown.part?.name ?? 'Unknown part';
  return (
    <LineTable
      caption="The order's lines"
      rows={lines}
      rowKey={(_, index) => index}
      columns={[
        {
          header: 'Part',
          className: 'min-w-40',
          cell: (shown, index) =>
            shown.part ? (
              <>
                <Link to={`/parts/${shown.part._id}`} className="link link-hover font-medium">
                  {shown.part.name}
                </Link>
                <YourPartNumber number={shown.part.customerPartNumber} />
                <ContractPriceNote
                  price={shown.part.contractPrice}
                  className="block text-xs font-medium text-success-content"
                />
                <span className="block text-xs text-base-content/70">
                  {shown.part.backorderable ? (
                    <>
                      {formatPieces(shown.part.min_order_quantity)} or more ·{' '}
                      {formatCount(shown.part.available_quantity)} in stock
                    </>
                  ) : (
                    <>
                      {formatPieces(shown.part.min_order_quantity)} to{' '}
                      {formatPieces(shown.part.available_quantity)}
                    </>
                  )}
                </span>
                {shown.part.order_multiple > 1 && (
                  <span id={`builder-line-${index}-multiple`} className="block text-xs font-medium">
                    {soldInMultiplesText(shown.part.order_multiple)}
                  </span>
                )}
              </>
            ) : shown.part === null ? (
              <span className="font-medium">Unknown part</span>
            ) : (
              // Two lines, as the part's name and range will be: the lines below stay where they are
              // when it comes.
              <>
                <span role="status" className="font-medium text-base-content/70">
                  Loading the part…
                </span>
                <span className="block text-xs" aria-hidden="true">
                  &nbsp;
                </span>
              </>
            ),
        },
        {
          header: 'Quantity',
          cell: (shown, index) => {
            const problem = 'problem' in shown.check ? shown.check.problem : undefined;
            const errorId = `builder-line-${index}-problem`;
            const stepped = (shown.part?.order_multiple ?? 1) > 1;
            const describedBy = [problem && errorId, stepped && `builder-line-${index}-multiple`]
              .filter(Boolean)
              .join(' ');
            return (
              <div className="max-w-xs">
                <input
                  className={`input input-bordered input-sm w-28 ${problem ? 'input-error' : ''}`}
                  inputMode="numeric"
                  aria-label={`Quantity of ${nameOf(shown)}`}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={describedBy || undefined}
                  value={shown.typed}
                  onChange={(event) => onType(index, event.target.value)}
                  // A part sold in multiples steps by its multiple, as a number field would.
                  onKeyDown={(event) => {
                    if (!stepped || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
                    event.preventDefault();
                    onStep(index, event.key === 'ArrowUp' ? 1 : -1);
                  }}
                />
                {problem && (
                  <p id={errorId} className="mt-1 text-sm text-error">
                    {problem}
                  </p>
                )}
                {shown.part && 'priced' in shown.check && (
                  <ShipPlanNote
                    part={shown.part}
                    quantity={shown.check.priced.quantity}
                    className="mt-1 text-xs"
                  />
                )}
                {problem === OBSOLETE_PART_MESSAGE && shown.part?.replacementId && (
                  <Link to={`/parts/${shown.part.replacementId}`} className="link link-primary text-sm">
                    See its replacement
                    <span className="sr-only"> for {nameOf(shown)}</span>
                  </Link>
                )}
                {problem === OUT_OF_RANGE_MESSAGE && (
                  // This many pieces cannot be ordered: the shop may quote them.
                  <Link
                    to={quoteRequestPath([{ partsId: shown.line.partsId, quantity: shown.typed }])}
                    className="link link-primary text-sm"
                  >
                    Request a quote
                    <span className="sr-only">
                      {' '}
                      for {shown.typed.trim()} pcs of {nameOf(shown)}
                    </span>
                  </Link>
                )}
              </div>
            );
          },
        },
        {
          header: 'Reference',
          cell: (shown, index) => {
            const errorId = `builder-line-${index}-reference-problem`;
            return (
              <div className="w-full max-w-xs">
                <input
                  className={`input input-bordered input-sm w-full sm:w-64 ${shown.referenceProblem ? 'input-error' : ''}`}
                  aria-label={`Reference for ${nameOf(shown)} (optional)`}
                  placeholder="R1-R4, cost code"
                  autoComplete="off"
                  aria-invalid={shown.referenceProblem ? true : undefined}
                  aria-describedby={shown.referenceProblem ? errorId : undefined}
                  value={shown.reference}
                  onChange={(event) => onReference(index, event.target.value)}
                />
                {shown.referenceProblem && (
                  <p id={errorId} className="mt-1 text-sm text-error">
                    {shown.referenceProblem}
                  </p>
                )}
              </div>
            );
          },
        },
        {
          header: 'Unit price',
          cell: (shown) => ('priced' in shown.check ? formatDollars(shown.check.priced.unitPrice) : '—'),
        },
        {
          header: 'Line price',
          cell: (shown) =>
            'priced' in shown.check ? <strong>{formatDollars(shown.check.priced.price)}</strong> : '—',
        },
        {
          header: 'Saving',
          cell: (shown) =>
            'priced' in shown.check && shown.check.priced.saving > 0 ? (
              <span className="text-success-content">{formatDollars(shown.check.priced.saving)}</span>
            ) : (
              '—'
            ),
        },
        {
          header: 'Remove',
          bare: true,
          className: 'max-sm:text-right',
          cell: (shown, index) => (
            <button
              type="button"
              className="btn btn-ghost btn-sm text-error"
              aria-label={`Remove ${nameOf(shown)}`}
              onClick={() => onRemove(index)}
            >
              Remove
            </button>
          ),
        },
      ]}
      footer={
        <tr>
          <th colSpan={4} scope="row" className="text-base">
            Order total
          </th>
          <td colSpan={3} className="text-base">
            <strong data-testid="order-total">{formatDollars(total)}</strong>
            {saving > 0 && (
              <span className="ml-2 text-sm text-base-content/70">
                (you save {formatDollars(saving)} on list prices)
              </span>
            )}
          </td>
        </tr>
      }
    />
  );
}
