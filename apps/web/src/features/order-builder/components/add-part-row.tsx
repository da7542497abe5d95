import { orderQuantityFor } from '@shop/contract/order-multiple';
import type { Part } from '@shop/contract/parts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatDollars, formatPieces, soldInMultiplesText } from '../../../lib/format';
import { typedPieces } from '../../../lib/pricing';
import { partsQuery } from '../../parts';
import { addToOrder } from '../store';

/** How long typing rests before the catalog is searched. */
const SEARCH_PAUSE_MS = 250;
const RESULTS = 8;

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The search-and-add row: type a part's name, pick it among the catalog's matches, say how many, Add. */
export function AddPartRow() {
  const id = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Part | null>(null);
  const [quantity, setQuantity] = useState('');
  const q = useSettled(search.trim(), SEARCH_PAUSE_MS);
  const results = useQuery({ ...partsQuery({ limit: RESULTS, q }), enabled: q.length > 0 && !chosen });
  const pieces = typedPieces(quantity);
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || pieces === undefined) return;
    addToOrder(chosen._id, pieces);
    setChosen(null);
    setSearch('');
    setQuantity('');
  };
  const choose = (part: Part) => {
    setChosen(part);
    setSearch(part.name);
    // The least order: the minimum, in the part's multiples.
    setQuantity(String(orderQuantityFor(part)));
  };
  const found = !chosen && q.length > 0 ? results.data?.parts : undefined;
  return (
    <form onSubmit={add} className="flex flex-col gap-2" aria-label="Add a part">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${id}-search`} className="mb-1 block font-medium">
            Find a part
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="input input-bordered w-full"
            placeholder="Type a part's name"
            autoComplete="off"
            maxLength={200}
            value={search}
            aria-controls={`${id}-results`}
            onChange={(event) => {
              setSearch(event.target.value);
              setChosen(null);
            }}
          />
        </div>
        <div className="w-32">
          <label htmlFor={`${id}-quantity`} className="mb-1 block font-medium">
            Pieces
          </label>
          <input
            id={`${id}-quantity`}
            className="input input-bordered w-full"
            inputMode="numeric"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!chosen || pieces === undefined}>
          Add
        </button>
      </div>
      {chosen && (
        <p className="text-sm text-base-content/80" role="status">
          {chosen.name}: {formatDollars(chosen.price_per_piece)} a piece, from{' '}
          {formatPieces(chosen.min_order_quantity)}, {formatPieces(chosen.available_quantity)} available
          {chosen.order_multiple > 1 && <>; {soldInMultiplesText(chosen.order_multiple).toLowerCase()}</>}
        </p>
      )}
      <div id={`${id}-results`} aria-live="polite">
        {found && found.length === 0 && <p className="text-sm">No part's name holds “{q}”.</p>}
        {found && found.length > 0 && (
          <ul className="menu w-full rounded-box border border-base-300 p-1" aria-label="Matching parts">
            {found.map((part) => (
              <li key={part._id}>
                <button type="button" onClick={() => choose(part)} className="flex flex-wrap justify-between">
                  <span className="font-medium">{part.name}</span>
                  <span className="text-xs text-base-content/70">
                    {formatDollars(part.price_per_piece)} · min {formatPieces(part.min_order_quantity)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}
