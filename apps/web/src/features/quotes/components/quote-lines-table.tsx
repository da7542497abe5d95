import type { QuoteLine } from '@shop/contract/quotes';
import { Link } from 'react-router';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { LineReferenceNote } from '../../../components/ui/line-reference';
import { formatDollars, formatPieces } from '../../../lib/format';
import { linePrice, quoteTotal } from '../quote-lines';

const dollars = (amount: number | undefined) => (amount === undefined ? '—' : formatDollars(amount));

/** A quote's lines: each part, its pieces, and once offered its unit and line prices and the total. */
export function QuoteLinesTable({ lines }: { lines: readonly QuoteLine[] }) {
  const total = quoteTotal(lines);
  return (
    <div className="sm:overflow-x-auto">
      {/* Four short columns, tight from 640 px: they fit its width with no scrolling; a card a line below. */}
      <table className="table table-sm table-cards text-sm [&_td]:px-2 [&_th]:px-2 [&_th]:whitespace-normal sm:table-md sm:[&_td]:px-4 sm:[&_th]:px-4">
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">Line price</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.partsId}>
              <LabelledCell label="Part" className="min-w-24 break-words">
                <Link to={`/parts/${encodeURIComponent(line.partsId)}`} className="link link-hover">
                  {line.partsName}
                </Link>
                <LineReferenceNote reference={line.reference} />
              </LabelledCell>
              <LabelledCell label="Quantity" className="whitespace-nowrap">
                {formatPieces(line.quantity)}
              </LabelledCell>
              <LabelledCell label="Unit price" className="whitespace-nowrap">
                {dollars(line.unitPrice)}
              </LabelledCell>
              <LabelledCell label="Line price" className="whitespace-nowrap">
                {dollars(linePrice(line))}
              </LabelledCell>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="sm:text-right">
              Total
            </th>
            <td className="whitespace-nowrap font-semibold">{dollars(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
