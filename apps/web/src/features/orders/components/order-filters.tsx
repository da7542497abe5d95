import { useId, useRef } from 'react';
import type { OrderFilters } from '../api/orders';

/** Manage All Order's filters: state, buyer email, part name. */
export function OrderFilterBar({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}) {
  const id = useId();
  const met = useRef(false);
  // A filter chosen or typed before the app took the page over: React leaves a field it takes over
  // showing what it shows, and the filters are set to that once, as the admin's own choice.
  const keepChosen = (fieldset: HTMLFieldSetElement | null) => {
    if (!fieldset || met.current) return;
    met.current = true;
    const value = (name: string) =>
      fieldset.querySelector<HTMLInputElement | HTMLSelectElement>(`#${CSS.escape(`${id}-${name}`)}`)
        ?.value ?? '';
    const shown = {
      state: value('state') as OrderFilters['state'],
      buyer: value('buyer'),
      part: value('part'),
    };
    if (shown.state !== filters.state || shown.buyer !== filters.buyer || shown.part !== filters.part) {
      onChange(shown);
    }
  };
  return (
    <fieldset ref={keepChosen} className="mb-4 grid gap-3 sm:grid-cols-3">
      <legend className="sr-only">Filter the orders</legend>
      <div>
        <label htmlFor={`${id}-state`} className="mb-1 block font-medium">
          State
        </label>
        <select
          id={`${id}-state`}
          className="select select-bordered w-full"
          value={filters.state}
          onChange={(event) => onChange({ ...filters, state: event.target.value as OrderFilters['state'] })}
        >
          <option value="">All</option>
          <option value="paid">Paid</option>
          <option value="unpaid">Unpaid</option>
          <option value="expired">Expired</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-buyer`} className="mb-1 block font-medium">
          Buyer email
        </label>
        <input
          id={`${id}-buyer`}
          type="search"
          maxLength={254}
          className="input input-bordered w-full"
          value={filters.buyer}
          onChange={(event) => onChange({ ...filters, buyer: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-part`} className="mb-1 block font-medium">
          Part name
        </label>
        <input
          id={`${id}-part`}
          type="search"
          maxLength={200}
          className="input input-bordered w-full"
          value={filters.part}
          onChange={(event) => onChange({ ...filters, part: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
