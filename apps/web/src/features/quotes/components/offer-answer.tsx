import type { SavedAddress } from '@shop/contract/addresses';
import { Mobile } from '@shop/contract/users';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldsOf } from '../../../components/form/fields';
import { MobileField, TextAreaField, TextField } from '../../../components/form/text-field';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDollars } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { useSession } from '../../auth';
import { SavedAddressSelect, useAddresses, useProfile } from '../../profile';
import { type AcceptRefusal, refusalOfAccept } from '../accept-refusal';
import { type AcceptDelivery, type QuoteAsRead, useAcceptQuote, useDeclineQuote } from '../api/quotes';
import { quoteTotal } from '../quote-lines';

export const QUOTE_ACCEPTED_MESSAGE = 'Offer accepted. Your order is placed: pay for it in My Order.';
export const QUOTE_DECLINED_MESSAGE = 'Offer declined.';

interface DeliveryFields {
  mobile: string;
  /** A saved address's id, or '' for the one typed in `newAddress`. */
  addressId: string;
  newAddress: string;
  poNumber: string;
}

/** What the delivery fields say, as the accept sends it. */
export function deliveryOf(fields: DeliveryFields, addresses: readonly SavedAddress[]): AcceptDelivery {
  const saved = addresses.find((address) => address._id === fields.addressId);
  const poNumber = fields.poNumber.trim();
  return {
    mobile: fields.mobile.trim(),
    address: saved ? saved.address : fields.newAddress.trim(),
    ...(poNumber ? { poNumber } : {}),
  };
}

/**
 * The buyer's answer to an open offer, once their mobile and saved addresses are known (either may
 * fail: then none): where the order goes, then Accept or Decline, each asked first.
 */
export function OfferAnswer(props: {
  quote: QuoteAsRead;
  /** A refused accept, for the page to tell (null: the buyer answers again). */
  onRefused: (refusal: AcceptRefusal | null) => void;
}) {
  const { profile, addresses } = useOfferAnswerData();
  if (profile.isPending || addresses.isPending) return <ProgressBar />;
  return <OfferAnswerForm {...props} mobile={profile.data?.mobile ?? ''} addresses={addresses.data ?? []} />;
}

/**
 * What the answer to an offer needs: the buyer's profile (their mobile) and saved addresses. The
 * quote's page asks for them beside the quote (`enabled` once it knows a buyer reads it), so the
 * form comes with the page rather than after it, moving the thread below it down.
 */
export function useOfferAnswerData(enabled = true) {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  return { profile: useProfile(email, enabled), addresses: useAddresses(enabled) };
}

/**
 * The delivery the accept sends, as shown (mobile from the profile, the first saved address, a PO
 * number if any: each may be changed), and the offer it names: the one on the page when Accept was
 * pressed, by the ETag it was read with and its validUntil. A changed offer is refused by the
 * server; the page then says so and shows the new one.
 */
function OfferAnswerForm({
  quote,
  mobile,
  addresses,
  onRefused,
}: {
  quote: QuoteAsRead;
  mobile: string;
  addresses: readonly SavedAddress[];
  onRefused: (refusal: AcceptRefusal | null) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  // The offer and delivery of the Accept pressed, until Yes or no.
  const [chosen, setChosen] = useState<
    { answer: 'accept'; offer: QuoteAsRead; delivery: AcceptDelivery } | { answer: 'decline' } | null
  >(null);
  const close = () => setChosen(null);
  const accept = useAcceptQuote(() => {
    showSuccess(QUOTE_ACCEPTED_MESSAGE);
    navigate('/dashboard/my-order');
  });
  const decline = useDeclineQuote(() => showSuccess(QUOTE_DECLINED_MESSAGE));
  const form = useForm<DeliveryFields>({
    defaultValues: { mobile, addressId: addresses[0]?._id ?? '', newAddress: '', poNumber: '' },
  });
  const { register, handleSubmit, watch } = form;
  const field = fieldsOf(form);
  const addressId = watch('addressId');
  const onAccept = handleSubmit((fields) =>
    setChosen({ answer: 'accept', offer: quote, delivery: deliveryOf(fields, addresses) }),
  );
  const confirm = () => {
    if (chosen?.answer === 'decline')
      decline.mutate(quote._id, { onError: (error) => showError(error), onSettled: close });
    if (chosen?.answer !== 'accept') return;
    const { offer, delivery } = chosen;
    onRefused(null);
    accept.mutate(
      { quote: offer, delivery },
      {
        onError: (error) => {
          const refusal = refusalOfAccept(error, { etag: offer.etag, total: quoteTotal(offer.lines) });
          if (refusal) onRefused(refusal);
          else showError(error);
        },
        onSettled: close,
      },
    );
  };
  return (
    // Held until the app has the form (main.tsx), as every form of the shop (RulesForm).
    <form onSubmit={onAccept} noValidate className="card max-w-2xl bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 className="card-title">Accept or decline</h2>
        <p>Accepting places an order at these prices, delivered as below; you pay for it in My Order.</p>
        <MobileField
          {...field('mobile', {
            validate: (value) =>
              Mobile.safeParse(value.trim()).success || 'Enter a phone number such as +880 1712 345678',
          })}
        />
        {addresses.length > 0 && (
          <SavedAddressSelect id={`${id}-address`} addresses={addresses} field={register('addressId')} />
        )}
        {(addressId === '' || addresses.length === 0) && (
          <TextAreaField
            label={addresses.length > 0 ? 'New address' : 'Delivery address'}
            rows={3}
            maxLength={500}
            autoComplete="street-address"
            {...field('newAddress', {
              validate: (value) =>
                addresses.some((address) => address._id === watch('addressId')) ||
                value.trim() !== '' ||
                'Enter the delivery address',
            })}
          />
        )}
        <TextField
          label="PO number (optional)"
          maxLength={50}
          hint="Your purchase order's number, printed on the order and its invoice."
          {...field('poNumber', {
            validate: (value) => value.trim().length <= 50 || 'must be at most 50 characters',
          })}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary">
            Accept
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error"
            onClick={() => setChosen({ answer: 'decline' })}
          >
            Decline
          </button>
        </div>
      </div>
      <ConfirmModal
        open={chosen !== null}
        what={
          chosen?.answer === 'accept'
            ? `Accept the offer of ${formatDollars(quoteTotal(chosen.offer.lines) ?? 0)} in all: an order is placed at its prices, for you to pay.`
            : 'Decline the offer: the quote is closed and nothing is ordered.'
        }
        busy={accept.isPending || decline.isPending}
        onConfirm={confirm}
        onClose={close}
      />
    </form>
  );
}
