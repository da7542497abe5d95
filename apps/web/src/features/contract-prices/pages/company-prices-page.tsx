import { MAX_PRICE_PER_PIECE } from '@shop/contract/part-pricing';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { formatDay } from '../../../lib/availability';
import { formatDollars } from '../../../lib/format';
import { PartPicker } from '../../parts';
import { type PriceRow, usePriceRows } from '../api/use-price-rows';

/** A company's contract prices (the shop's admin): each part's price and last day, edited and saved whole. */
export function CompanyPricesPage() {
  const edit = usePriceRows(useParams().companyId ?? '');
  return (
    <section className="flex flex-col gap-3">
      <p>
        Members of the company pay these prices, whole dollars a piece, wherever they are below the list price
        for the quantity, through their last day.{' '}
        <Link to="/dashboard/companies" className="link link-primary">
          All companies
        </Link>
      </p>
      {edit.loading ? (
        <p>Loading the prices…</p>
      ) : (
        <PriceRows rows={edit.rows} past={edit.past} onChange={edit.change} onRemove={edit.remove} />
      )}
      <PartPicker label="Add a part: search by name or part number" onPick={edit.pick} />
      <div>
        <button type="button" className="btn btn-primary" disabled={edit.saving} onClick={edit.submit}>
          Save prices
        </button>
      </div>
    </section>
  );
}

function PriceRows({
  rows,
  past,
  onChange,
  onRemove,
}: {
  rows: PriceRow[];
  /** The parts whose last day has passed (marked once Save was pressed). */
  past: ReadonlySet<string>;
  onChange: (index: number, patch: Partial<PriceRow>) => void;
  onRemove: (index: number) => void;
}) {
  if (rows.length === 0) return <p>No contract prices yet.</p>;
  return (
    <div>
      {/* A table from 640 px, a card a part below. */}
      <table className="table table-cards max-md:table-sm">
        <caption className="sr-only">Contract prices</caption>
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Price a piece ($)</th>
            <th scope="col">Last day</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <PriceRowFields
              key={row.partsId}
              row={row}
              past={past.has(row.partsId)}
              onChange={(patch) => onChange(index, patch)}
              onRemove={() => onRemove(index)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One part's price and last day, as the admin edits them; `past`: its last day has passed. */
function PriceRowFields({
  row,
  past,
  onChange,
  onRemove,
}: {
  row: PriceRow;
  past: boolean;
  onChange: (patch: Partial<PriceRow>) => void;
  onRemove: () => void;
}) {
  const ids = useId();
  return (
    <tr>
      <LabelledCell label="Part" className="min-w-40">
        <Link to={`/parts/${row.partsId}`} className="link link-hover font-medium">
          {row.partsName}
        </Link>
        <span className="block text-xs text-base-content/70">
          List price {formatDollars(row.listPrice)}
          {row.expired ? ' · expired' : ''}
        </span>
      </LabelledCell>
      <LabelledCell label="Price a piece ($)">
        <label htmlFor={`${ids}-price`} className="sr-only">
          Price a piece of {row.partsName}
        </label>
        <input
          id={`${ids}-price`}
          type="number"
          min={1}
          max={MAX_PRICE_PER_PIECE}
          step={1}
          className="input input-bordered input-sm w-28"
          value={row.unitPrice}
          onChange={(event) => onChange({ unitPrice: event.target.value })}
        />
      </LabelledCell>
      <LabelledCell label="Last day">
        <label htmlFor={`${ids}-until`} className="sr-only">
          Last day of {row.partsName}
        </label>
        <input
          id={`${ids}-until`}
          type="date"
          className={`input input-bordered input-sm w-40 ${past ? 'input-error' : ''}`}
          value={row.validUntil}
          aria-invalid={past || undefined}
          aria-describedby={past ? `${ids}-past` : undefined}
          onChange={(event) => onChange({ validUntil: event.target.value })}
        />
        {row.validUntil && <span className="sr-only">{formatDay(row.validUntil)}</span>}
        {past && (
          <p id={`${ids}-past`} className="mt-1 text-xs text-error">
            This day has passed
          </p>
        )}
      </LabelledCell>
      <LabelledCell label={undefined}>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
          Remove<span className="sr-only"> {row.partsName}</span>
        </button>
      </LabelledCell>
    </tr>
  );
}
