import { ORDER_STATES, type OrderState } from '@shop/contract/orders';
import { useId } from 'react';
import type { OrderFilters, OrderStatusChoice } from '../api/orders';

/** Each state in the filter's words (docs/product.md §12): where an order is on its way, then its payment. */
const STATE_LABELS: Record<OrderState, string> = {
  to_pay: 'To pay',
  to_approve: 'To approve',
  to_ship: 'To ship',
  ready_to_ship: 'Ready to ship',
  shipped: 'Shipped',
  paid: 'Paid',
  unpaid: 'Unpaid',
  expired: 'Expired',
};

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
          {ORDER_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
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
