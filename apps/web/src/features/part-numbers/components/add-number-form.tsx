import { MAX_CUSTOMER_PART_NUMBER_LENGTH } from '@shop/contract/customer-part-numbers';
import type { Part } from '@shop/contract/parts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { partSearchQuery } from '../api/part-numbers';
import { numberProblem } from '../part-number-lines';

const SEARCH_PAUSE_MS = 250;
const RESULTS = 6;

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Adds one number: the part found by its id, its manufacturer part number or its name, then the
 * buyer's number for it. A part that has a number takes the new one.
 */
export function AddNumberForm({
  disabled,
  numberOf,
  onAdd,
}: {
  disabled: boolean;
  /** The number the part has now, if any. */
  numberOf: (partsId: string) => string | undefined;
  onAdd: (part: Part, number: string) => Promise<boolean>;
}) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Part | null>(null);
  const [number, setNumber] = useState('');
  const [tried, setTried] = useState(false);
  const q = useSettled(search.trim(), SEARCH_PAUSE_MS);
  const results = useQuery({ ...partSearchQuery(q, RESULTS), enabled: q.length > 0 && !chosen });
  const problem = numberProblem(number);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!chosen || problem) return;
    if (await onAdd(chosen, number.trim())) {
      setChosen(null);
      setSearch('');
      setNumber('');
      setTried(false);
    }
  };
  const found = !chosen && q.length > 0 ? results.data : undefined;
  const before = chosen ? numberOf(chosen._id) : undefined;
  return (
    <form onSubmit={submit} className="card bg-base-200/60" aria-labelledby={`${ids}-title`} noValidate>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          Add a part number
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="min-w-0">
            <label htmlFor={`${ids}-search`} className="mb-1 block font-medium">
              Our part
            </label>
            <input
              id={`${ids}-search`}
              type="search"
              className="input input-bordered w-full"
              placeholder="Name, part number or id"
              autoComplete="off"
              maxLength={200}
              value={search}
              aria-controls={`${ids}-results`}
              onChange={(event) => {
                setSearch(event.target.value);
                setChosen(null);
              }}
            />
          </div>
          <div className="min-w-0">
            <label htmlFor={`${ids}-number`} className="mb-1 block font-medium">
              Your part number
            </label>
            <input
              id={`${ids}-number`}
              className={`input input-bordered w-full font-mono ${tried && problem ? 'input-error' : ''}`}
              autoComplete="off"
              maxLength={MAX_CUSTOMER_PART_NUMBER_LENGTH}
              value={number}
              aria-invalid={tried && problem ? true : undefined}
              aria-describedby={tried && problem ? `${ids}-problem` : undefined}
              onChange={(event) => setNumber(event.target.value)}
            />
            {tried && problem && (
              <p id={`${ids}-problem`} className="mt-1 text-sm text-error">
                {problem[0]?.toUpperCase()}
                {problem.slice(1)}.
              </p>
            )}
          </div>
        </div>
        <div id={`${ids}-results`} aria-live="polite">
          {chosen && (
            <p className="text-sm" role="status">
              Chosen: <strong>{chosen.name}</strong>
              {chosen.mpn && <span className="font-mono"> ({chosen.mpn})</span>}
              {before && (
                <>
                  {' '}
                  — its number <span className="font-mono">{before}</span> will be replaced
                </>
              )}
            </p>
          )}
          {tried && !chosen && <p className="text-sm text-error">Choose one of our parts first.</p>}
          {found && found.length === 0 && <p className="text-sm">No part matches “{q}”.</p>}
          {found && found.length > 0 && (
            <ul
              className="menu w-full rounded-box border border-base-300 bg-base-100 p-1"
              aria-label="Matching parts"
            >
              {found.map((part) => (
                <li key={part._id}>
                  <button
                    type="button"
                    className="flex flex-wrap justify-between"
                    onClick={() => {
                      setChosen(part);
                      setSearch(part.name);
                    }}
                  >
                    <span className="font-medium">{part.name}</span>
                    {part.mpn && <span className="font-mono text-xs text-base-content/70">{part.mpn}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={disabled}>
            Add
          </button>
        </div>
      </div>
    </form>
  );
}
