import type { SavedAddress } from '@shop/contract/addresses';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * "Deliver to": one of the buyer's saved addresses, or "New address" (the empty value), for a
 * form that asks where an order goes (the order builder's checkout, a quote's accept).
 */
export function SavedAddressSelect({
  id,
  addresses,
  field,
}: {
  id: string;
  addresses: readonly SavedAddress[];
  field: UseFormRegisterReturn;
}) {
  return (
    <div className="w-full">
      <label htmlFor={id} className="mb-1 block font-medium">
        Deliver to
      </label>
      <select id={id} className="select select-bordered w-full" {...field}>
        {addresses.map((address) => (
          <option key={address._id} value={address._id}>
            {address.label}: {address.address.replace(/\s+/g, ' ').slice(0, 80)}
          </option>
        ))}
        <option value="">New address</option>
      </select>
    </div>
  );
}
