import type { Part } from '@shop/contract/parts';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { formatDollars, formatPieces } from '../../../lib/format';
import { priceTable } from '../pricing';

/** A part's prices by quantity, the row the chosen quantity reaches marked (`unitPrice`). */
export function PriceTable({ part, unitPrice }: { part: Part; unitPrice: number | undefined }) {
  return (
    <div>
      {/* Three short columns from 640 px; a card a price below. */}
      <table className="table table-cards text-sm [&_td]:px-2 [&_th]:px-2 [&_th]:whitespace-normal sm:[&_td]:px-4 sm:[&_th]:px-4">
        <caption className="mb-1 text-left font-semibold">Price by quantity</caption>
        <thead>
          <tr>
            <th scope="col">Quantity from</th>
            <th scope="col">Price per piece</th>
            <th scope="col">Saving</th>
          </tr>
        </thead>
        <tbody>
          {priceTable(part).map((row) => (
            <tr key={row.from} className={unitPrice === row.price ? 'bg-primary/10 font-semibold' : ''}>
              <LabelledCell label="Quantity from" className="whitespace-nowrap">
                {formatPieces(row.from)}
              </LabelledCell>
              <LabelledCell label="Price per piece" className="whitespace-nowrap">
                {formatDollars(row.price)}
              </LabelledCell>
              <LabelledCell label="Saving" className="whitespace-nowrap">
                {row.savingPercent > 0 ? `${row.savingPercent}%` : 'List price'}
              </LabelledCell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
