import type { ContractPriceItem } from '@shop/contract/contract-prices';
import type { Part } from '@shop/contract/parts';
import { MAX_PRICE_PER_PIECE } from '@shop/contract/parts';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDay } from '../../../lib/availability';
import { formatDollars } from '../../../lib/format';
import { showError, showInfo, showSuccess } from '../../../lib/toasts';
import { useAccessRefusal } from '../../auth';
import { PartPicker } from '../../parts';
import { useContractPrices, useSaveContractPrices } from '../api/prices';

/** A row as the admin edits it: the part, its price as typed and its last day (empty: no end). */
interface Row {
  partsId: string;
  partsName: string;
  unitPrice: string;
  validUntil: string;
  listPrice: number;
  expired?: boolean;
}

const rowOf = (item: ContractPriceItem): Row => ({
  partsId: item.partsId,
  partsName: item.partsName,
  unitPrice: String(item.unitPrice),
  validUntil: item.validUntil ?? '',
  listPrice: item.listPrice,
  expired: item.expired,
});

/** A company's contract prices (the shop's admin): each part's price and last day, edited and saved whole. */
export function CompanyPricesPage() {
  const companyId = useParams().companyId ?? '';
  const prices = useContractPrices(companyId);
  useAccessRefusal(prices.error);
  const save = useSaveContractPrices(companyId);
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => setRows(prices.data?.items.map(rowOf) ?? []), [prices.data]);
  const change = (index: number, patch: Partial<Row>) =>
    setRows((now) => now.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const pick = (part: Part) => {
    if (rows.some((row) => row.partsId === part._id)) return showInfo(`${part.name} is in the list already`);
    setRows((now) => [
      ...now,
      {
        partsId: part._id,
        partsName: part.name,
        listPrice: part.price_per_piece,
        unitPrice: '',
        validUntil: '',
      },
    ]);
  };
  const submit = () =>
    save.mutate(
      {
        items: rows.map((row) => ({
          partsId: row.partsId,
          unitPrice: Number(row.unitPrice),
          ...(row.validUntil ? { validUntil: row.validUntil } : {}),
        })),
      },
      { onSuccess: () => showSuccess('Contract prices saved'), onError: (error) => showError(error) },
    );
  return (
    <section className="flex flex-col gap-3">
      <p>
        Members of the company pay these prices, whole dollars a piece, wherever they are below the list price
        for the quantity, through their last day.{' '}
        <Link to="/dashboard/companies" className="link link-primary">
          All companies
        </Link>
      </p>
      {prices.isPending ? (
        <p>Loading the prices…</p>
      ) : (
        <PriceRows
          rows={rows}
          onChange={change}
          onRemove={(i) => setRows((now) => now.filter((_, at) => at !== i))}
        />
      )}
      <PartPicker label="Add a part: search by name or part number" onPick={pick} />
      <div>
        <button type="button" className="btn btn-primary" disabled={save.isPending} onClick={submit}>
          Save prices
        </button>
      </div>
    </section>
  );
}

function PriceRows({
  rows,
  onChange,
  onRemove,
}: {
  rows: Row[];
  onChange: (index: number, patch: Partial<Row>) => void;
  onRemove: (index: number) => void;
}) {
  const ids = useId();
  if (rows.length === 0) return <p>No contract prices yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="table max-md:table-sm">
        <caption className="sr-only">Contract prices</caption>
        <thead>
          <tr>
            <th>Part</th>
            <th>Price a piece ($)</th>
            <th>Last day</th>
            <th>
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.partsId}>
              <td className="min-w-40">
                <Link to={`/parts/${row.partsId}`} className="link link-hover font-medium">
                  {row.partsName}
                </Link>
                <span className="block text-xs text-base-content/70">
                  List price {formatDollars(row.listPrice)}
                  {row.expired ? ' · expired' : ''}
                </span>
              </td>
              <td>
                <label htmlFor={`${ids}-price-${index}`} className="sr-only">
                  Price a piece of {row.partsName}
                </label>
                <input
                  id={`${ids}-price-${index}`}
                  type="number"
                  min={1}
                  max={MAX_PRICE_PER_PIECE}
                  step={1}
                  className="input input-bordered input-sm w-28"
                  value={row.unitPrice}
                  onChange={(event) => onChange(index, { unitPrice: event.target.value })}
                />
              </td>
              <td>
                <label htmlFor={`${ids}-until-${index}`} className="sr-only">
                  Last day of {row.partsName}
                </label>
                <input
                  id={`${ids}-until-${index}`}
                  type="date"
                  className="input input-bordered input-sm w-40"
                  value={row.validUntil}
                  onChange={(event) => onChange(index, { validUntil: event.target.value })}
                />
                {row.validUntil && <span className="sr-only">{formatDay(row.validUntil)}</span>}
              </td>
              <td>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => onRemove(index)}>
                  Remove<span className="sr-only"> {row.partsName}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
