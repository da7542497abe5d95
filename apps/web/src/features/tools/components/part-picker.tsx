import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { partsQuery } from '../../parts';

/** Finds a part of the catalog by its name, for the admin's parts list. */
export function PartPicker({ onPick }: { onPick: (part: { _id: string; name: string }) => void }) {
  const ids = useId();
  const [q, setQ] = useState('');
  const typed = q.trim();
  const { data } = useQuery({ ...partsQuery({ limit: 8, q: typed }), enabled: typed.length >= 2 });
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${ids}-q`} className="font-medium">
        Add a part to the parts list: search by name
      </label>
      <input
        id={`${ids}-q`}
        type="search"
        className="input input-bordered w-full max-w-md"
        value={q}
        maxLength={200}
        onChange={(event) => setQ(event.target.value)}
      />
      {typed.length >= 2 && data && (
        <ul className="flex flex-col gap-1" aria-label="Parts found">
          {data.parts.length === 0 && <li>No part has that in its name.</li>}
          {data.parts.map((part) => (
            <li key={part._id}>
              <button
                type="button"
                className="btn btn-ghost btn-sm justify-start text-left"
                onClick={() => {
                  onPick(part);
                  setQ('');
                }}
              >
                Add {part.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
