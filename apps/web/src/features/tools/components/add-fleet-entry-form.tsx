import { MAX_FLEET_QUANTITY } from '@shop/contract/tools';
import { type FormEvent, useId, useState } from 'react';
import { showError, showSuccess } from '../../../lib/toasts';
import { useAddFleetEntry } from '../api/fleet';
import { useTools } from '../api/tools';

/** Adds tools of one model to the fleet: the model (found by its number), a serial number, how many, a note. */
export function AddFleetEntryForm() {
  const ids = useId();
  const [search, setSearch] = useState('');
  const { data: found } = useTools({ limit: 20, ...(search.trim() ? { q: search.trim() } : {}) });
  const [toolId, setToolId] = useState('');
  const [serialNumber, setSerialNumber] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const add = useAddFleetEntry();
  const chosen = found?.tools.some((tool) => tool._id === toolId) ? toolId : (found?.tools[0]?._id ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    add.mutate(
      {
        toolId: chosen,
        quantity,
        ...(serialNumber.trim() ? { serialNumber } : {}),
        ...(note.trim() ? { note } : {}),
      },
      {
        onSuccess: () => {
          showSuccess('Tool added');
          setSerialNumber('');
          setNote('');
          setQuantity('1');
        },
        onError: (error) => showError(error),
      },
    );
  };
  return (
    <form onSubmit={submit} className="card bg-base-200/60" aria-labelledby={`${ids}-title`}>
      <div className="card-body grid gap-3 p-4 sm:grid-cols-2 sm:p-6">
        <h2 id={`${ids}-title`} className="text-lg font-semibold sm:col-span-2">
          Add a tool
        </h2>
        <div>
          <label htmlFor={`${ids}-search`} className="mb-1 block font-medium">
            Find by model number
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            className="input input-bordered w-full"
            value={search}
            maxLength={60}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-tool`} className="mb-1 block font-medium">
            Tool model
          </label>
          <select
            id={`${ids}-tool`}
            className="select select-bordered w-full"
            value={chosen}
            onChange={(event) => setToolId(event.target.value)}
          >
            {found?.tools.length === 0 && <option value="">No model matches</option>}
            {found?.tools.map((tool) => (
              <option key={tool._id} value={tool._id}>
                {tool.name} ({tool.model})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-serial`} className="mb-1 block font-medium">
            Serial number (optional)
          </label>
          <input
            id={`${ids}-serial`}
            className="input input-bordered w-full"
            value={serialNumber}
            maxLength={60}
            onChange={(event) => setSerialNumber(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-quantity`} className="mb-1 block font-medium">
            How many
          </label>
          <input
            id={`${ids}-quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_FLEET_QUANTITY}
            required
            className="input input-bordered w-full"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-note`} className="mb-1 block font-medium">
            Note (optional)
          </label>
          <input
            id={`${ids}-note`}
            className="input input-bordered w-full"
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={!chosen || add.isPending}>
            Add tool
          </button>
        </div>
      </div>
    </form>
  );
}
