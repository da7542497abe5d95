import { isOrderMultiple, notMultipleMessage } from '@shop/contract/order-multiple';
import { MAX_PRICE_PER_PIECE } from '@shop/contract/part-pricing';
import type { Quote } from '@shop/contract/quotes';
import { useFieldArray, useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { LineReferenceNote } from '../../../components/ui/line-reference';
import { formatDollars, formatPieces } from '../../../lib/format';
import { typedPieces } from '../../../lib/pricing';
import { toastOutcome } from '../../../lib/toasts';
import { useParts } from '../../parts';
import { useSendOffer } from '../api/quotes';
import { dayOf } from '../quote-lines';

const rules = lazyRules(() => import('../rules').then((module) => module.offerRules));

/**
 * The shop's offer (admins): a unit price for every line, whole dollars from 1, and the last day
 * it holds (sent as the end of that day) → PUT /api/quotes/{id}. A quote offered before starts
 * from that offer.
 */
export function OfferForm({ quote }: { quote: Quote }) {
  const sendOffer = useSendOffer(quote._id);
  const form = useForm({
    resolver: rules.resolver,
    defaultValues: {
      lines: quote.lines.map((line) => ({
        partsId: line.partsId,
        unitPrice: line.unitPrice === undefined ? '' : String(line.unitPrice),
      })),
      validUntil: dayOf(quote.validUntil),
    },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'lines' });
  // Today's stock of each line's part: an accept orders the pieces, and is refused without them.
  const parts = useParts(quote.lines.map((line) => line.partsId));
  const prices = form.watch('lines');
  const onSubmit = form.handleSubmit((offer) => sendOffer.mutate(offer, toastOutcome('Offer sent')));
  let total = 0;
  return (
    <RulesForm
      rules={rules}
      onSubmit={onSubmit}
      className="card bg-base-100 shadow"
      body="card-body gap-4"
      submit={{ label: 'Send offer', busy: sendOffer.isPending, className: 'btn btn-primary self-start' }}
    >
      <h2 className="card-title">Offer</h2>
      <ul className="flex flex-col gap-4">
        {fields.map((row, index) => {
          const line = quote.lines[index];
          const unit = typedPieces(String(prices[index]?.unitPrice ?? ''));
          if (line && unit !== undefined) total += unit * line.quantity;
          const part = parts[index];
          const short = line && part && part.available_quantity < line.quantity;
          return (
            <li key={row.id} className="grid gap-2 sm:grid-cols-[1fr_12rem] sm:items-start">
              <p>
                <strong>{line?.partsName}</strong>
                <LineReferenceNote reference={line?.reference} />
                <span className="text-sm text-base-content/70">
                  {line ? formatPieces(line.quantity) : ''}
                  {line && unit !== undefined ? ` · ${formatDollars(unit * line.quantity)}` : ''}
                </span>
                <br />
                <span className="text-sm text-base-content/70">
                  {part === undefined
                    ? ''
                    : part === null
                      ? 'No longer in the catalog'
                      : `${formatPieces(part.available_quantity)} in stock`}
                </span>
                {short && part && (
                  <span
                    role="alert"
                    className="mt-1 block rounded-box border border-warning bg-warning/15 p-2 text-sm"
                  >
                    Only {formatPieces(part.available_quantity)} in stock: the buyer's accept will be refused
                    unless the stock is raised first.
                  </span>
                )}
                {line && part && !isOrderMultiple(line.quantity, part.order_multiple) && (
                  <span
                    role="alert"
                    className="mt-1 block rounded-box border border-warning bg-warning/15 p-2 text-sm"
                  >
                    {notMultipleMessage(line.partsName, part.order_multiple)}: the shop cannot offer this
                    quantity. Ask the buyer in the messages to request the quote again.
                  </span>
                )}
              </p>
              <TextField
                label={`Unit price ($) of ${line?.partsName ?? 'the part'}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_PRICE_PER_PIECE}
                step={1}
                {...fieldsOf(form)(`lines.${index}.unitPrice`)}
              />
            </li>
          );
        })}
      </ul>
      <p>
        Offer total: <strong>{formatDollars(total)}</strong>
      </p>
      <div className="max-w-xs">
        <TextField label="Valid until" type="date" {...fieldsOf(form)('validUntil')} />
      </div>
    </RulesForm>
  );
}
