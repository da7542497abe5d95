import { useId } from 'react';
import type { OrderFilters, OrderStatusChoice } from '../api/orders';

/**
 * Show: the orders (every one not cancelled, as the lists always showed them) or the cancelled
 * ones: My Order's filter, and one of Manage All Order's.
 */
export function OrderStatusFilter({
  value,
  onChange,
  className = '',
}: {
  value: OrderStatusChoice;
  onChange: (status: OrderStatusChoice) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium">
        Show
      </label>
      <select
        id={id}
        className="select select-bordered w-full"
        value={value}
        onChange={(event) => onChange(event.target.value === 'cancelled' ? 'cancelled' : '')}
      >
        <option value="">Orders</option>
        <option value="cancelled">Cancelled orders</option>
      </select>
    </div>
  );
}

/**
 * Manage All Order's filters: state, an order's number (or buyer or company), buyer email, part
 * name, and the cancelled orders instead of the others.
 */
export function OrderFilterBar({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}) {
  const id = useId();
  return (
    <fieldset className="mb-4 grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <legend className="sr-only">Filter the orders</legend>
      <OrderStatusFilter value={filters.status} onChange={(status) => onChange({ ...filters, status })} />
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
          <option value="to_ship">To ship</option>
        </select>
      </div>
      <SearchFilter
        id={`${id}-q`}
        label="Order number, buyer or company"
        maxLength={200}
        value={filters.q}
        onChange={(q) => onChange({ ...filters, q })}
      />
      <SearchFilter
        id={`${id}-buyer`}
        label="Buyer email"
        maxLength={254}
        value={filters.buyer}
        onChange={(buyer) => onChange({ ...filters, buyer })}
      />
      <SearchFilter
        id={`${id}-part`}
        label="Part name"
        maxLength={200}
        value={filters.part}
        onChange={(part) => onChange({ ...filters, part })}
      />
    </fieldset>
  );
}

/** A filter that searches text. */
function SearchFilter({
  id,
  label,
  maxLength,
  value,
  onChange,
}: {
  id: string;
  label: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        maxLength={maxLength}
        className="input input-bordered w-full"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
