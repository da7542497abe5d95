import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/order-limits';
import { orderQuantityFor } from '@shop/contract/order-multiple';
import type { Part } from '@shop/contract/parts';
import { AMOUNT_LIMIT_CENTS, AMOUNT_LIMIT_MESSAGE } from '@shop/contract/payments';
import { Mobile } from '@shop/contract/users';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { fieldsOf } from '../../../components/form/fields';
import { ReadOnlyField } from '../../../components/form/read-only-field';
import { RulesForm } from '../../../components/form/rules-form';
import { MobileField, TextAreaField, TextField } from '../../../components/form/text-field';
import { PageHeading } from '../../../components/ui/page-heading';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { availabilityNote } from '../../../lib/availability';
import { formatDollars, formatPieces, isOutOfStock, soldInMultiplesText } from '../../../lib/format';
import { priceLine, quantityCap, quantityProblem } from '../../../lib/pricing';
import { toastOutcome } from '../../../lib/toasts';
import { useSession } from '../../auth';
import { usePaysByCard } from '../../companies';
import { TermsLink } from '../../legal';
import { usePart } from '../../parts';
import { RequestQuoteLink } from '../../quotes';
import { usePurchase } from '../api/orders';

/** docs/product.md §2, §5: buy a part in bulk, within its minimum and what is available. */
export function PurchasePage() {
  const { partsId = '' } = useParams();
  const part = usePart(partsId);
  return (
    <section>
      <PageHeading title="Purchase">Purchase</PageHeading>
      {part.isPending && <ProgressBar />}
      {part.isError && <p>This part cannot be found. It may have been taken out of the catalog.</p>}
      {part.data && <PurchaseForm part={part.data} />}
    </section>
  );
}

interface PurchaseFields {
  quantity: string;
  mobile: string;
  address: string;
}

function PurchaseForm({ part }: { part: Part }) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : undefined;
  const navigate = useNavigate();
  const purchase = usePurchase();
  // 'Buy again' from a paid order brings its quantity along.
  const [search] = useSearchParams();
  const again = search.get('quantity');
  const form = useForm<PurchaseFields>({
    defaultValues: {
      quantity: again && /^\d{1,9}$/.test(again) ? again : String(orderQuantityFor(part)),
      mobile: '',
      address: '',
    },
  });
  const { register, handleSubmit, watch } = form;
  const field = fieldsOf(form);
  const quantity = Number(watch('quantity'));
  const whole = Number.isInteger(quantity) && quantity >= 1;
  // Off the part's order multiple, or outside its range: the API's own words (lib/pricing.ts).
  const problem = whole ? quantityProblem(part, quantity) : OUT_OF_RANGE_MESSAGE;
  const inRange = problem === undefined;
  // The price the quantity reaches, with the part's price breaks (docs/product.md §10).
  const priced = inRange ? priceLine(part, quantity) : undefined;
  // Above the stock of a backorderable part: what ships now and when the rest is expected.
  const shipping = priced && availabilityNote(part, quantity);
  // A whole number of pieces outside the range, or a total no card may pay: what a quote is for.
  const quoteLines = [{ partsId: part._id, quantity }];
  const outOfRange = whole && problem === OUT_OF_RANGE_MESSAGE;
  // On card terms no card may pay above the limit: such an order is a quote's (the shop refuses it).
  const paysByCard = usePaysByCard();
  const aboveCardLimit = paysByCard && priced !== undefined && priced.price * 100 > AMOUNT_LIMIT_CENTS;
  const onSubmit = handleSubmit((fields) =>
    purchase.mutate(
      {
        partsId: part._id,
        quantity: Number(fields.quantity),
        mobile: fields.mobile,
        address: fields.address,
      },
      toastOutcome('Item Purchased Successfull. Please pay for confirm order', () =>
        navigate('/dashboard/my-order'),
      ),
    ),
  );
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <article className="card bg-base-100 shadow">
        <figure className="aspect-[4/3] bg-base-200">
          <img
            src={part.img}
            alt={part.name}
            className="h-full w-full object-cover"
            width={400}
            height={300}
          />
        </figure>
        <div className="card-body gap-2">
          <h2 className="card-title">{part.name}</h2>
          <p className="text-sm text-base-content/80">{part.desc}</p>
          <p>
            <strong>{formatDollars(part.price_per_piece)}</strong> per piece · minimum order{' '}
            {formatPieces(part.min_order_quantity)} · available {formatPieces(part.available_quantity)}
            {part.order_multiple > 1 && <> · {soldInMultiplesText(part.order_multiple).toLowerCase()}</>}
          </p>
        </div>
      </article>
      {isOutOfStock(part) ? (
        <div className="card bg-base-100 shadow">
          <div className="card-body">
            <p className="text-xl font-semibold">Out of stock</p>
            <p>Fewer pieces are left than the minimum order. Please look again soon.</p>
          </div>
        </div>
      ) : (
        <RulesForm
          notes={<TermsLink />}
          onSubmit={onSubmit}
          className="card bg-base-100 shadow"
          body="card-body gap-3"
          submit={{
            label: 'Buy',
            busy: purchase.isPending,
            disabled: !inRange || aboveCardLimit,
            className: 'btn btn-primary self-start',
          }}
        >
          <ReadOnlyField label="Name" value={user?.name ?? ''} />
          <ReadOnlyField label="Email" value={user?.email ?? ''} />
          <TextField
            label="Quantity"
            type="number"
            min={orderQuantityFor(part)}
            max={quantityCap(part)}
            step={part.order_multiple}
            required
            registration={register('quantity', { required: OUT_OF_RANGE_MESSAGE })}
            error={problem === undefined ? undefined : { type: 'range', message: problem }}
          />
          {outOfRange && (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <p>Need this many pieces? Request a quote: the shop answers with a price for them.</p>
              <RequestQuoteLink lines={quoteLines} strong size="btn-sm" />
            </div>
          )}
          {priced && (
            <p className="text-sm text-base-content/80" aria-live="polite">
              Total: <strong>{formatDollars(priced.price)}</strong> ({formatDollars(priced.unitPrice)} per
              piece{priced.saving > 0 ? `; ${formatDollars(priced.saving)} below the list price` : ''})
            </p>
          )}
          {shipping && (
            <p className="text-sm" data-testid="ship-plan">
              {shipping}
            </p>
          )}
          {aboveCardLimit && (
            <div
              role="alert"
              className="flex flex-col items-start gap-2 rounded-box border border-warning bg-warning/15 p-3 text-sm"
            >
              <p>
                {AMOUNT_LIMIT_MESSAGE} An order of this amount cannot be paid by card: order fewer pieces, or
                request a quote for them.
              </p>
              <RequestQuoteLink lines={quoteLines} strong size="btn-sm" />
            </div>
          )}
          <MobileField
            {...field('mobile', {
              validate: (value) =>
                Mobile.safeParse(value).success || 'Enter a phone number such as +880 1712 345678',
            })}
          />
          <TextAreaField
            label="Address"
            required
            rows={3}
            maxLength={500}
            autoComplete="street-address"
            {...field('address', {
              validate: (value) => value.trim() !== '' || 'Enter the delivery address',
            })}
          />
        </RulesForm>
      )}
    </div>
  );
}
