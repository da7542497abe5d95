import type { SavedAddress } from '@shop/contract/addresses';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { showSuccess } from '../../../lib/toasts';
import { useAddresses, useDeleteAddress, useSaveAddress } from '../api/addresses';

const rules = lazyRules(() => import('../rules').then((module) => module.addressRules));

/**
 * My Profile's "Delivery addresses" (a buyer's only: the API keeps none for admins): each saved
 * address with Delete behind 'Are you sure?', and a form to add one. The order builder's checkout
 * offers them.
 */
export function DeliveryAddresses() {
  const addresses = useAddresses();
  const save = useSaveAddress();
  // Once one is deleted, what the last save was refused for (too many) is out of date.
  const deleteAddress = useDeleteAddress(() => save.reset());
  const { ask, modal } = useConfirmedAction<SavedAddress>(
    deleteAddress,
    (address) => address._id,
    (address) => `Delete the delivery address ${address.label}.`,
  );
  return (
    <section aria-labelledby="delivery-addresses" className="card max-w-xl bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id="delivery-addresses" className="card-title">
          Delivery addresses
        </h2>
        {addresses.isPending && <ProgressBar />}
        {addresses.isError && <p>Your addresses could not be loaded. {addresses.error.message}</p>}
        {addresses.data?.length === 0 && (
          <p>No saved addresses yet. Add one here, or save a new one when you place an order.</p>
        )}
        {addresses.data && addresses.data.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label="Saved addresses">
            {addresses.data.map((address) => (
              <li
                key={address._id}
                className="flex items-start justify-between gap-3 rounded-box border border-base-300 p-3"
              >
                <div className="min-w-0">
                  <p className="break-words font-semibold">{address.label}</p>
                  <p className="whitespace-pre-line break-words text-sm">{address.address}</p>
                </div>
                <button
                  type="button"
                  className="btn btn-error btn-outline btn-sm shrink-0"
                  aria-label={`Delete ${address.label}`}
                  onClick={() => ask(address)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
        <AddAddressForm save={save} />
      </div>
      {modal}
    </section>
  );
}

function AddAddressForm({ save }: { save: ReturnType<typeof useSaveAddress> }) {
  const form = useForm({
    resolver: rules.resolver,
    defaultValues: { label: '', address: '' },
  });
  const { handleSubmit, reset } = form;
  const field = fieldsOf(form);
  const onSubmit = handleSubmit((address) =>
    save.mutate(address, {
      onSuccess: () => {
        reset({ label: '', address: '' });
        showSuccess('Address saved');
      },
    }),
  );
  return (
    <RulesForm
      rules={rules}
      onSubmit={onSubmit}
      error={save.error?.message}
      className="flex flex-col gap-3 border-t border-base-300 pt-3"
      submit={{ label: 'Add address', busy: save.isPending, className: 'btn btn-primary self-start' }}
    >
      <TextField
        label="Label"
        maxLength={60}
        hint="What you call it, e.g. Repair centre, Dhaka"
        required
        {...field('label')}
      />
      <TextAreaField
        label="Address"
        rows={3}
        maxLength={500}
        autoComplete="street-address"
        required
        {...field('address')}
      />
    </RulesForm>
  );
}
