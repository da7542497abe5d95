import type { SavedAddress } from '@shop/contract/addresses';
import type { RefusedLine } from '@shop/contract/errors';
import type { OrderInput } from '@shop/contract/orders';
import { AMOUNT_LIMIT_CENTS, AMOUNT_LIMIT_MESSAGE } from '@shop/contract/payments';
import { Mobile } from '@shop/contract/users';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldsOf } from '../../../components/form/fields';
import { RulesForm } from '../../../components/form/rules-form';
import { MobileField, TextAreaField, TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { usePaysByCard } from '../../companies';
import { TermsLink } from '../../legal';
import { SavedAddressSelect, useSaveAddress } from '../../profile';
import { RequestQuoteLink } from '../../quotes';
import { usePlaceOrder } from '../api/orders';
import { clearBuilder } from '../store';
import { ShipChoice, type ShipChoiceValue } from './ship-choice';

export const ORDER_PLACED_MESSAGE = 'Order placed. Please pay for confirm order';

interface CheckoutFields {
  mobile: string;
  addressId: string;
  newAddress: string;
  saveAddress: boolean;
  poNumber: string;
  shipping: ShipChoiceValue;
}

/** What a saved address is called: its first line, cut to the label's 60 characters. */
export const addressLabel = (address: string) =>
  (address.trim().split(/\r?\n/)[0] ?? '').trim().slice(0, 60) || 'Address';

/**
 * The builder's checkout: mobile (from the profile), a saved address or a new one (kept if asked),
 * an optional PO number, how to ship when some pieces wait (`waiting`), the card amount limit
 * warned of, and Place order → POST /api/orders. Refused lines come back through `onRefused`.
 */
export function CheckoutForm({
  lines,
  ready,
  total,
  waiting = false,
  mobile,
  addresses,
  onRefused,
}: {
  lines: OrderInput['lines'];
  ready: boolean;
  total: number;
  /** Some line asks for more than its part has in stock (a backorderable part): the rest waits. */
  waiting?: boolean;
  mobile: string;
  addresses: readonly SavedAddress[];
  onRefused: (refused: readonly RefusedLine[], message: string) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const saveAddress = useSaveAddress();
  const form = useForm<CheckoutFields>({
    defaultValues: {
      mobile,
      addressId: addresses[0]?._id ?? '',
      newAddress: '',
      saveAddress: false,
      poNumber: '',
      shipping: 'available',
    },
  });
  const { register, handleSubmit, watch } = form;
  const field = fieldsOf(form);
  const addressId = watch('addressId');
  // On card terms no card may pay above the limit: such an order is a quote's (the shop refuses it).
  const aboveCardLimit = usePaysByCard() && total * 100 > AMOUNT_LIMIT_CENTS;
  const onSubmit = handleSubmit((fields) => {
    const saved = addresses.find((address) => address._id === fields.addressId);
    const address = saved ? saved.address : fields.newAddress.trim();
    if (!saved && fields.saveAddress)
      saveAddress.mutate(
        { label: addressLabel(address), address },
        { onError: (error) => showError(error, 'save-address') },
      );
    const poNumber = fields.poNumber.trim();
    placeOrder.mutate(
      {
        lines,
        mobile: fields.mobile,
        address,
        ...(poNumber ? { poNumber } : {}),
        ...(waiting ? { shipComplete: fields.shipping === 'complete' } : {}),
      },
      {
        onSuccess: () => {
          clearBuilder();
          showSuccess(ORDER_PLACED_MESSAGE);
          navigate('/dashboard/my-order');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details.details?.length)
            onRefused(error.details.details, error.message);
          showError(error);
        },
      },
    );
  });
  return (
    <RulesForm
      notes={<TermsLink />}
      onSubmit={onSubmit}
      className="card bg-base-100 shadow"
      body="card-body gap-3"
      submit={{
        label: 'Place order',
        busy: placeOrder.isPending,
        disabled: !ready || aboveCardLimit,
        className: 'btn btn-primary self-start',
      }}
    >
      <h2 className="card-title">Checkout</h2>
      <p>
        Order total: <strong>{formatDollars(total)}</strong>
      </p>
      {aboveCardLimit && (
        <div
          role="alert"
          className="flex flex-col items-start gap-2 rounded-box border border-warning bg-warning/15 p-3 text-sm"
        >
          <p>
            {AMOUNT_LIMIT_MESSAGE} An order of this amount cannot be paid by card: order fewer pieces, split
            the order, or request a quote for it.
          </p>
          <RequestQuoteLink lines={lines} strong size="btn-sm" />
        </div>
      )}
      <MobileField
        {...field('mobile', {
          validate: (value) =>
            Mobile.safeParse(value).success || 'Enter a phone number such as +880 1712 345678',
        })}
      />
      <SavedAddressSelect id={`${id}-address`} addresses={addresses} field={register('addressId')} />
      {addressId === '' && (
        <>
          <TextAreaField
            label="New address"
            rows={3}
            maxLength={500}
            autoComplete="street-address"
            {...field('newAddress', {
              validate: (value) => value.trim() !== '' || 'Enter the delivery address',
            })}
          />
          <label className="flex cursor-pointer items-center gap-2">
            <input type="checkbox" className="checkbox checkbox-sm" {...register('saveAddress')} />
            Save this address
          </label>
        </>
      )}
      <TextField
        label="PO number (optional)"
        maxLength={50}
        hint="Your purchase order's number, printed on the order and its invoice."
        {...field('poNumber', {
          validate: (value) => value.trim().length <= 50 || 'must be at most 50 characters',
        })}
      />
      {waiting && <ShipChoice field={register('shipping')} />}
      {!ready && lines.length > 0 && (
        <p className="text-sm text-error">Correct the lines marked above to place the order.</p>
      )}
    </RulesForm>
  );
}
