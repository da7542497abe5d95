import type { Part } from '@shop/contract/parts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { partPickQuery } from '../api/search-parts';

/** How long typing rests before the catalog is searched. */
const SEARCH_PAUSE_MS = 250;
/** How many found parts the picker offers. */
const FOUND = 8;

/**
 * Finds a part of the catalog by its name, its part number or its id (the catalog's search),
 * for a list an admin keeps: each part found is a button "Add <name>".
 */
export function PartPicker({ label, onPick }: { label: string; onPick: (part: Part) => void }) {
  const ids = useId();
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(q.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const { data } = useQuery({ ...partPickQuery(typed, FOUND), enabled: typed.length >= 2 });
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${ids}-q`} className="font-medium">
        {label}
      </label>
      <input
        id={`${ids}-q`}
        type="search"
        className="input input-bordered w-full max-w-md"
        placeholder="Name, part number or id"
        autoComplete="off"
        value={q}
        maxLength={200}
        onChange={(event) => setQ(event.target.value)}
      />
      {typed.length >= 2 && q.trim() === typed && data && (
        <ul className="flex flex-col gap-1" aria-label="Parts found">
          {data.length === 0 && <li>No part matches “{typed}”.</li>}
          {data.map((part) => (
            <li key={part._id}>
              <button
                type="button"
                className="btn btn-ghost btn-sm h-auto min-h-8 justify-start text-left"
                onClick={() => {
                  onPick(part);
                  setQ('');
                }}
              >
                Add {part.name}
                {part.mpn && <span className="font-mono text-xs text-base-content/70">{part.mpn}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
