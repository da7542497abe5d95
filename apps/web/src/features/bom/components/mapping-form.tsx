import type { BomMapping } from '@shop/contract/bom';
import { type FormEvent, useId, useState } from 'react';

const ROLES: { role: keyof BomMapping; label: string; required: boolean }[] = [
  { role: 'partNumber', label: 'Part number', required: true },
  { role: 'quantity', label: 'Quantity per board', required: true },
  { role: 'reference', label: 'Reference (designators)', required: false },
  { role: 'description', label: 'Description', required: false },
];

/** The columns found, and which holds what: the buyer changes it and reads the BOM again with it. */
export function MappingForm({
  columns,
  mapping,
  busy,
  onApply,
}: {
  columns: readonly string[];
  mapping: Partial<BomMapping> | undefined;
  busy: boolean;
  onApply: (mapping: BomMapping) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<Partial<BomMapping>>(mapping ?? {});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { partNumber, quantity, reference, description } = chosen;
    if (!partNumber || !quantity) return;
    onApply({
      partNumber,
      quantity,
      ...(reference ? { reference } : {}),
      ...(description ? { description } : {}),
    });
  };
  return (
    <form onSubmit={submit} className="rounded-box bg-base-200 p-4" aria-label="Columns">
      <h2 className="mb-1 font-semibold">Columns</h2>
      <p className="mb-3 text-sm text-base-content/70">Found: {columns.join(', ')}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {ROLES.map(({ role, label, required }) => (
          <div key={role}>
            <label htmlFor={`${id}-${role}`} className="mb-1 block text-sm font-medium">
              {label}
            </label>
            <select
              id={`${id}-${role}`}
              className="select select-bordered select-sm w-full"
              value={chosen[role] ?? ''}
              required={required}
              onChange={(event) => setChosen({ ...chosen, [role]: event.target.value || undefined })}
            >
              <option value="">{required ? 'Choose a column' : 'None'}</option>
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <button type="submit" className="btn btn-secondary btn-sm mt-3" disabled={busy}>
        Read with these columns
      </button>
    </form>
  );
}
