import {
  type CustomerPartNumberItem,
  MAX_CUSTOMER_PART_NUMBER_LENGTH,
} from '@shop/contract/customer-part-numbers';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { Pager } from '../../../components/ui/pager';
import { formatCount } from '../../../lib/format';
import { filterItems, numberProblem } from '../part-number-lines';

/** How many numbers a page of the table shows. */
export const NUMBERS_PAGE = 50;

/** The set as a table: a filter, a page of numbers with their parts, and (for who may) Edit and Remove. */
export function NumbersTable({
  items,
  editable,
  busy,
  onChange,
  onRemove,
}: {
  items: readonly CustomerPartNumberItem[];
  editable: boolean;
  busy: boolean;
  onChange: (partsId: string, number: string) => Promise<boolean>;
  onRemove: (item: CustomerPartNumberItem) => void;
}) {
  const ids = useId();
  const [filter, setFilter] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<{ partsId: string; number: string }>();
  const shown = filterItems(items, filter);
  const start = Math.min(offset, Math.max(0, Math.floor((shown.length - 1) / NUMBERS_PAGE) * NUMBERS_PAGE));
  const page = shown.slice(start, start + NUMBERS_PAGE);
  const problem = editing && numberProblem(editing.number);
  const save = async () => {
    if (!editing || problem) return;
    if (await onChange(editing.partsId, editing.number.trim())) setEditing(undefined);
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="max-w-md">
        <label htmlFor={`${ids}-filter`} className="mb-1 block font-medium">
          Find in your numbers
        </label>
        <input
          id={`${ids}-filter`}
          type="search"
          className="input input-bordered w-full"
          placeholder="Your number, ours or a part's name"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setOffset(0);
          }}
        />
      </div>
      <p className="text-sm" aria-live="polite">
        {filter.trim()
          ? `${formatCount(shown.length)} of ${formatCount(items.length)} numbers match.`
          : `${items.length === 1 ? '1 number' : `${formatCount(items.length)} numbers`}.`}
      </p>
      {page.length > 0 && (
        <table className="table table-cards">
          <thead>
            <tr>
              <th scope="col">Your part number</th>
              <th scope="col">Our part</th>
              {editable && (
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {page.map((item) => {
              const isEditing = editing?.partsId === item.partsId;
              return (
                <tr key={item.partsId}>
                  <LabelledCell label="Your part number" className="break-all">
                    {isEditing ? (
                      <div className="flex flex-col gap-1">
                        <input
                          className={`input input-bordered input-sm w-full max-w-xs font-mono ${problem ? 'input-error' : ''}`}
                          aria-label={`New part number for ${item.partsName}`}
                          maxLength={MAX_CUSTOMER_PART_NUMBER_LENGTH}
                          value={editing.number}
                          aria-invalid={problem ? true : undefined}
                          onChange={(event) =>
                            setEditing({ partsId: item.partsId, number: event.target.value })
                          }
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') void save();
                            if (event.key === 'Escape') setEditing(undefined);
                          }}
                        />
                        {problem && <span className="text-sm text-error">{problem}</span>}
                      </div>
                    ) : (
                      <span className="font-mono">{item.customerPartNumber}</span>
                    )}
                  </LabelledCell>
                  <LabelledCell label="Our part">
                    <Link to={`/parts/${encodeURIComponent(item.partsId)}`} className="link link-hover">
                      {item.partsName}
                    </Link>
                    {item.mpn && (
                      <span className="block font-mono text-xs text-base-content/70">{item.mpn}</span>
                    )}
                  </LabelledCell>
                  {editable && (
                    <LabelledCell label={undefined}>
                      <div className="flex flex-wrap gap-2">
                        {isEditing ? (
                          <>
                            <button
                              type="button"
                              className="btn btn-primary btn-sm"
                              disabled={busy || Boolean(problem)}
                              onClick={() => void save()}
                            >
                              Save
                            </button>
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm"
                              onClick={() => setEditing(undefined)}
                            >
                              Cancel
                            </button>
                          </>
                        ) : (
                          <>
                            <button
                              type="button"
                              className="btn btn-outline btn-sm"
                              aria-label={`Edit your part number for ${item.partsName}`}
                              disabled={busy}
                              onClick={() =>
                                setEditing({ partsId: item.partsId, number: item.customerPartNumber })
                              }
                            >
                              Edit
                            </button>
                            <button
                              type="button"
                              className="btn btn-outline btn-error btn-sm"
                              aria-label={`Remove your part number for ${item.partsName}`}
                              disabled={busy}
                              onClick={() => onRemove(item)}
                            >
                              Remove
                            </button>
                          </>
                        )}
                      </div>
                    </LabelledCell>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager offset={start} limit={NUMBERS_PAGE} total={shown.length} onChange={setOffset} />
    </div>
  );
}
