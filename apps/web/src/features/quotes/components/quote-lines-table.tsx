import type { QuoteLine } from '@shop/contract/quotes';
import { Link } from 'react-router';
import { formatDollars, formatPieces } from '../../../lib/format';
import { linePrice, quoteTotal } from '../quote-lines';

const dollars = (amount: number | undefined) => (amount === undefined ? '—' : formatDollars(amount));

/** A quote's lines: each part, its pieces, and once offered its unit and line prices and the total. */
export function QuoteLinesTable({ lines }: { lines: readonly QuoteLine[] }) {
  const total = quoteTotal(lines);
  return (
    <div className="overflow-x-auto">
      {/* Four short columns, tight on a phone: they fit its width with no scrolling. */}
      <table className="table table-sm text-sm [&_td]:px-2 [&_th]:px-2 [&_th]:whitespace-normal sm:table-md sm:[&_td]:px-4 sm:[&_th]:px-4">
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
              <td className="min-w-24 break-words">
                <Link to={`/parts/${encodeURIComponent(line.partsId)}`} className="link link-hover">
                  {line.partsName}
                </Link>
              </td>
              <td className="whitespace-nowrap">{formatPieces(line.quantity)}</td>
              <td className="whitespace-nowrap">{dollars(line.unitPrice)}</td>
              <td className="whitespace-nowrap">{dollars(linePrice(line))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="text-right">
              Total
            </th>
            <td className="whitespace-nowrap font-semibold">{dollars(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
