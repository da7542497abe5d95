import type { ToolPart } from '@shop/contract/tools';
import { Link } from 'react-router';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { formatDollars, formatPieces, isOutOfStock } from '../../../lib/format';

/** A tool's parts list: position, part, quantity per tool, price and stock, and a button to show each. */
export function ToolPartsTable({
  parts,
  onShow,
}: {
  parts: readonly ToolPart[];
  onShow: (line: ToolPart) => void;
}) {
  return (
    <table className="table table-cards">
      <caption className="sr-only">Parts list</caption>
      <thead>
        <tr>
          <th scope="col">Position</th>
          <th scope="col">Part</th>
          <th scope="col">Per tool</th>
          <th scope="col">Price</th>
          <th scope="col">Stock</th>
          <th scope="col">Wears out</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {parts.map((line) => (
          <tr key={`${line.partsId}-${line.position}`}>
            <LabelledCell label="Position">{line.position}</LabelledCell>
            <LabelledCell label="Part">
              <Link to={`/parts/${encodeURIComponent(line.partsId)}`} className="link link-hover">
                {line.partsName}
              </Link>
            </LabelledCell>
            <LabelledCell label="Per tool">{formatPieces(line.quantityPerTool)}</LabelledCell>
            <LabelledCell label="Price">
              {line.part ? `${formatDollars(line.part.price_per_piece)} per piece` : 'No longer sold'}
            </LabelledCell>
            <LabelledCell label="Stock">
              {!line.part
                ? '—'
                : isOutOfStock(line.part)
                  ? 'Out of stock'
                  : formatPieces(line.part.available_quantity)}
            </LabelledCell>
            <LabelledCell label="Wears out">{line.wear ? 'Yes' : 'No'}</LabelledCell>
            <LabelledCell label={undefined}>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={`Show position ${line.position}: ${line.partsName}`}
                onClick={() => onShow(line)}
              >
                Show
              </button>
            </LabelledCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
