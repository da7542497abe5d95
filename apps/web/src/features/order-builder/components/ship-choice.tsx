import type { UseFormRegisterReturn } from 'react-hook-form';

/** How an order with waiting pieces ships: what is there now (the default), or everything at once. */
export type ShipChoiceValue = 'available' | 'complete';

/**
 * The checkout's choice for an order some of whose pieces wait for incoming stock: ship what is
 * in stock now and the rest as it comes, or hold everything until nothing waits.
 */
export function ShipChoice({ field }: { field: UseFormRegisterReturn<'shipping'> }) {
  return (
    <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <legend className="px-1 font-medium">Shipping</legend>
      <p className="text-sm text-base-content/80">Some pieces of this order wait for incoming stock.</p>
      <label className="flex cursor-pointer items-start gap-2">
        <input type="radio" className="radio radio-sm mt-0.5" value="available" {...field} />
        <span>
          Ship as available
          <span className="block text-xs text-base-content/70">
            What is in stock ships now, the rest as it comes in.
          </span>
        </span>
      </label>
      <label className="flex cursor-pointer items-start gap-2">
        <input type="radio" className="radio radio-sm mt-0.5" value="complete" {...field} />
        <span>
          Ship complete
          <span className="block text-xs text-base-content/70">
            Everything ships together once no piece waits.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
