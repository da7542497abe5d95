import { MAX_REFERENCE } from '@shop/contract/order-limits';
import { isOrderMultiple, notMultipleMessage } from '@shop/contract/order-multiple';
import { MAX_QUOTE_MESSAGE } from '@shop/contract/quotes';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { PageHeading } from '../../../components/ui/page-heading';
import { formatPieces, soldInMultiplesText } from '../../../lib/format';
import { typedPieces } from '../../../lib/pricing';
import { showError, showSuccess } from '../../../lib/toasts';
import { useParts } from '../../parts';
import { useRequestQuote } from '../api/quotes';
import { type DraftLine, parseLinesParam } from '../quote-lines';

const rules = lazyRules(() => import('../rules').then((module) => module.requestRules));

export const QUOTE_REQUESTED_MESSAGE = 'Quote requested. The shop will answer with an offer.';

/**
 * Request a quote (/quotes/new?lines=partsId:qty:reference,…): the lines the product page or the
 * order builder sent, quantities editable (any whole number of pieces in the part's multiples: out
 * of range is what a quote is for) with the buyer's references, and a message → POST /api/quotes
 * → the quote's page.
 */
export function NewQuotePage() {
  const [search] = useSearchParams();
  const lines = parseLinesParam(search.get('lines'));
  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Request a quote">Request a quote</PageHeading>
      {lines.length === 0 ? (
        <p>
          A quote needs parts. Choose them from the{' '}
          <Link to="/catalog" className="link link-primary">
            catalog
          </Link>{' '}
          or your{' '}
          <Link to="/order" className="link link-primary">
            order
          </Link>
          , then Request a quote.
        </p>
      ) : (
        <RequestForm lines={lines} />
      )}
    </section>
  );
}

function RequestForm({ lines }: { lines: DraftLine[] }) {
  const navigate = useNavigate();
  const requestQuote = useRequestQuote();
  const parts = useParts(lines.map((line) => line.partsId));
  const form = useForm({
    resolver: rules.resolver,
    defaultValues: { lines, message: '' },
  });
  const { fields, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const partOf = (partsId: string) => parts[lines.findIndex((line) => line.partsId === partsId)];
  // The part's order multiple, as the API checks it (a reel is not split for a quote either).
  const multipleProblem = (partsId: string, typed: string) => {
    const part = partOf(partsId);
    const pieces = typedPieces(typed);
    return part && pieces !== undefined && !isOrderMultiple(pieces, part.order_multiple)
      ? notMultipleMessage(part.name, part.order_multiple)
      : undefined;
  };
  const offMultiple = form
    .watch('lines')
    .some((line) => multipleProblem(line.partsId, String(line.quantity)) !== undefined);
  const onSubmit = form.handleSubmit((request) => {
    if (offMultiple) return;
    requestQuote.mutate(request, {
      onSuccess: ({ insertedId }) => {
        showSuccess(QUOTE_REQUESTED_MESSAGE);
        navigate(`/dashboard/quotes/${encodeURIComponent(insertedId)}`);
      },
      onError: (error) => showError(error),
    });
  });
  const linesError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;
  return (
    <RulesForm
      rules={rules}
      onSubmit={onSubmit}
      className="card max-w-3xl bg-base-100 shadow"
      body="card-body gap-4"
      error={linesError ? `Lines ${linesError}` : undefined}
      submit={{
        label: 'Request a quote',
        busy: requestQuote.isPending,
        disabled: fields.length === 0,
        className: 'btn btn-primary self-start',
      }}
    >
      <h2 className="card-title">Parts</h2>
      <ul className="flex flex-col gap-4">
        {fields.map((row, index) => {
          const part = partOf(row.partsId);
          const name = part === null ? 'A part not in the catalog' : (part?.name ?? 'Loading…');
          const quantity = fieldsOf(form)(`lines.${index}.quantity`);
          const offMultiple = multipleProblem(row.partsId, String(form.watch(`lines.${index}.quantity`)));
          return (
            <li key={row.id} className="grid gap-2 sm:grid-cols-[1fr_20rem] sm:items-start">
              <div>
                <p className="font-medium">{name}</p>
                {part && (
                  <p className="text-sm text-base-content/70">
                    Orders from {formatPieces(part.min_order_quantity)},{' '}
                    {formatPieces(part.available_quantity)} available
                  </p>
                )}
                {part && part.order_multiple > 1 && (
                  <p className="text-sm font-medium">{soldInMultiplesText(part.order_multiple)}</p>
                )}
                {form.formState.errors.lines?.[index]?.partsId?.message && (
                  <p className="text-sm text-error">
                    This part {form.formState.errors.lines[index]?.partsId?.message}
                  </p>
                )}
              </div>
              <div className="flex flex-col gap-2">
                <TextField
                  label={`Quantity (pcs) of ${part?.name ?? 'the part'}`}
                  type="number"
                  inputMode="numeric"
                  min={part ? part.order_multiple : 1}
                  step={part ? part.order_multiple : 1}
                  registration={quantity.registration}
                  error={
                    quantity.error ?? (offMultiple ? { type: 'multiple', message: offMultiple } : undefined)
                  }
                />
                <TextField
                  label={`Reference for ${part?.name ?? 'the part'} (optional)`}
                  placeholder="R1-R4, cost code"
                  autoComplete="off"
                  hint={`Your designators or cost code, up to ${MAX_REFERENCE} characters`}
                  {...fieldsOf(form)(`lines.${index}.reference`)}
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-sm self-start"
                  onClick={() => remove(index)}
                  aria-label={`Remove ${part?.name ?? 'this part'}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <TextAreaField
        label="Message"
        rows={4}
        maxLength={MAX_QUOTE_MESSAGE}
        hint="What you need: quantities, delivery dates, anything the shop should know."
        {...fieldsOf(form)('message')}
      />
    </RulesForm>
  );
}
