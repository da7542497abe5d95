import { type FormEvent, useId, useState } from 'react';
import { formatDay, todayDay } from '../../../lib/availability';
import { formatCount } from '../../../lib/format';
import { useMakeContractPrices } from '../api/quotes';

/** What the admin is told once the prices are made: how many the company now holds. */
export function contractMadeText(count: number, validUntil: string): string {
  const prices = count === 1 ? '1 contract price' : `${formatCount(count)} contract prices`;
  const until = validUntil ? `, this quote's until ${formatDay(validUntil)}` : '';
  return `Done: the buyer's company now holds ${prices}${until}.`;
}

/**
 * An accepted quote's prices as the buyer's company's contract prices (admins), with an optional
 * last day; the server refuses a buyer in no company (409), said here as it words it.
 */
export function MakeContractPrices({ quoteId }: { quoteId: string }) {
  const ids = useId();
  const [validUntil, setValidUntil] = useState('');
  const make = useMakeContractPrices(quoteId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    make.mutate(validUntil ? { validUntil } : {});
  };
  return (
    <form onSubmit={submit} className="card bg-base-100 shadow" aria-labelledby={`${ids}-title`}>
      <div className="card-body gap-3">
        <h2 id={`${ids}-title`} className="card-title">
          Contract prices
        </h2>
        <p className="max-w-prose">
          Make this quote's unit prices the buyer's company's prices for these parts, on every order its
          members place, replacing the company's prices for the same parts.
        </p>
        <div className="max-w-xs">
          <label htmlFor={`${ids}-until`} className="mb-1 block font-medium">
            Last day (optional)
          </label>
          <input
            id={`${ids}-until`}
            type="date"
            className="input input-bordered w-full"
            min={todayDay()}
            value={validUntil}
            onChange={(event) => setValidUntil(event.target.value)}
          />
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={make.isPending}>
            Make contract prices
          </button>
        </div>
        {make.isSuccess && (
          <p role="status" className="rounded-box border border-success bg-success/10 p-3">
            {contractMadeText(make.data.items.length, make.variables?.validUntil ?? '')}
          </p>
        )}
        {make.isError && (
          <p role="alert" className="rounded-box border border-error bg-error/10 p-3">
            {make.error.message}
          </p>
        )}
      </div>
    </form>
  );
}
